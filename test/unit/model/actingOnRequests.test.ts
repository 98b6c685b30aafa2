import { Conversation, failed, leaveRequest, ok } from './conversation';

const ANNUAL = '11111111-1111-4111-8111-111111111111';
const SICK = '22222222-2222-4222-8222-222222222222';
const BOB = '33333333-3333-4333-8333-333333333333';
const BOB_2 = '44444444-4444-4444-8444-444444444444';
const CAROL = '55555555-5555-4555-8555-555555555555';

describe('the built-in model acting on an existing request', () => {
  const mine = ok({
    requests: [
      leaveRequest(ANNUAL, 'Alice Martin', 'Annual leave', '2026-12-07', '2026-12-09', 'PENDING', 3),
      leaveRequest(SICK, 'Alice Martin', 'Sick leave', '2026-12-14', '2026-12-14', 'APPROVED', 1),
      leaveRequest(BOB, 'Bob Stone', 'Annual leave', '2026-12-01', '2026-12-01', 'PENDING', 1),
    ],
  });

  it('asks which request to cancel, then cancels the one picked and says so', () => {
    const chat = new Conversation();
    chat.say('cancel my leave');
    expect(chat.answer(mine)).toEqual({
      type: 'question',
      text: 'You have 2 requests that could be cancelled. Which one?',
      choices: ['Annual leave, Mon 7 Dec – Wed 9 Dec 2026 (PENDING)', 'Sick leave, Mon 14 Dec 2026 (APPROVED)'],
    });
    expect(chat.say('the second one')).toEqual({
      type: 'tool_calls',
      calls: [{ id: 'call_5_0', tool: 'cancel_leave_request', arguments: { id: SICK } }],
      text: "I'll cancel your Sick leave on Mon 14 Dec 2026.",
    });
    const cancelled = ok({
      request: { ...leaveRequest(SICK, 'Alice Martin', 'Sick leave', '2026-12-14', '2026-12-14', 'CANCELLED', 1) },
    });
    expect(chat.answer(cancelled)).toEqual({
      type: 'reply',
      text: "I've cancelled your Sick leave on Mon 14 Dec 2026. It is now CANCELLED.",
    });
  });

  it('picks the request to cancel by its date', () => {
    const chat = new Conversation();
    chat.say('cancel my leave');
    chat.answer(mine);
    const step = chat.say('the one on 8 December');
    expect(step.type === 'tool_calls' && step.calls[0]!.arguments).toEqual({ id: ANNUAL });
  });

  it('cancels at once when only one request matches the date', () => {
    const chat = new Conversation();
    chat.say('cancel my leave on 14 December');
    const step = chat.answer(mine);
    expect(step.type === 'tool_calls' && step.calls[0]).toEqual({
      id: 'call_3_0',
      tool: 'cancel_leave_request',
      arguments: { id: SICK },
    });
  });

  it('approves the request of the person named, with the comment given', () => {
    const chat = new Conversation();
    chat.say("approve Bob's request, saying enjoy the break");
    const approvals = ok({
      requests: [
        leaveRequest(BOB, 'Bob Stone', 'Annual leave', '2026-12-01', '2026-12-01', 'PENDING', 1),
        leaveRequest(CAROL, 'Carol Diaz', 'Unpaid leave', '2026-12-10', '2026-12-11', 'PENDING', 2),
      ],
    });
    expect(chat.answer(approvals)).toEqual({
      type: 'tool_calls',
      calls: [
        {
          id: 'call_3_0',
          tool: 'decide_leave_request',
          arguments: { id: BOB, decision: 'approve', comment: 'enjoy the break' },
        },
      ],
      text: 'I\'ll approve Bob Stone\'s Annual leave on Tue 1 Dec 2026 with the comment "enjoy the break".',
    });
    const decided = ok({
      request: leaveRequest(BOB, 'Bob Stone', 'Annual leave', '2026-12-01', '2026-12-01', 'APPROVED', 1),
    });
    expect(chat.answer(decided)).toEqual({
      type: 'reply',
      text: "I've approved Bob Stone's Annual leave on Tue 1 Dec 2026. It is now APPROVED.",
    });
  });

  it('rejects with a reason, and says nothing was done when the person then declines', () => {
    const chat = new Conversation();
    chat.say('reject the request from Carol because we are short-staffed');
    const approvals = ok({
      requests: [leaveRequest(CAROL, 'Carol Diaz', 'Unpaid leave', '2026-12-10', '2026-12-11', 'PENDING', 2)],
    });
    const planned = chat.answer(approvals);
    expect(planned.type === 'tool_calls' && planned.calls[0]!.arguments).toEqual({
      id: CAROL,
      decision: 'reject',
      comment: 'we are short-staffed',
    });
    expect(chat.answer(failed('rejected_by_user', 'Declined'))).toEqual({
      type: 'reply',
      text: "Nothing was done: Carol Diaz's Unpaid leave from Thu 10 Dec to Fri 11 Dec 2026 is still PENDING.",
    });
  });

  it('asks which request when a person has several, and approves all when told to', () => {
    const chat = new Conversation();
    chat.say('approve Bob');
    const approvals = ok({
      requests: [
        leaveRequest(BOB, 'Bob Stone', 'Annual leave', '2026-12-01', '2026-12-01', 'PENDING', 1),
        leaveRequest(BOB_2, 'Bob Stone', 'Sick leave', '2026-11-19', '2026-11-19', 'PENDING', 1),
      ],
    });
    expect(chat.answer(approvals)).toEqual({
      type: 'question',
      text: '2 requests are waiting for your decision. Which one?',
      choices: ['Bob Stone: Annual leave, Tue 1 Dec 2026', 'Bob Stone: Sick leave, Thu 19 Nov 2026'],
    });
    const step = chat.say('both');
    expect(step.type === 'tool_calls' && step.calls.map((c) => c.arguments)).toEqual([
      { id: BOB, decision: 'approve' },
      { id: BOB_2, decision: 'approve' },
    ]);
  });

  it('says when nothing waits for a decision from the person named', () => {
    const chat = new Conversation();
    chat.say("approve Dave's request");
    expect(chat.answer(ok({ requests: [] }))).toEqual({
      type: 'reply',
      text: 'Nothing from Dave is waiting for your decision.',
    });
  });
});
