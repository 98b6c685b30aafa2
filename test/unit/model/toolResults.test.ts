import { Conversation, failed, leaveRequest, ok } from './conversation';

const ANNUAL = '11111111-1111-4111-8111-111111111111';
const SICK = '22222222-2222-4222-8222-222222222222';
const BOB = '33333333-3333-4333-8333-333333333333';

function created(start: string, end: string, totalDays: number, status = 'PENDING', policy = 'Annual leave') {
  return ok({ id: ANNUAL, status, policy, start_date: start, end_date: end, total_days: totalDays, warnings: [] });
}

describe('the built-in model after the tools answered', () => {
  it('says what was requested and that it waits for approval', () => {
    const chat = new Conversation();
    chat.say('book annual leave next Monday to Wednesday');
    expect(chat.answer(created('2026-11-30', '2026-12-02', 3))).toEqual({
      type: 'reply',
      text: "I've requested Annual leave from Mon 30 Nov to Wed 2 Dec 2026 (3 working days). It is PENDING, waiting for approval.",
    });
  });

  it('says a sick day needed no approval, and passes on warnings', () => {
    const chat = new Conversation();
    chat.say("I'm sick today");
    const result = ok({
      id: ANNUAL,
      status: 'APPROVED',
      policy: 'Sick leave',
      start_date: '2026-11-23',
      end_date: '2026-11-23',
      total_days: 1,
      warnings: [{ code: 'overlaps_team_leave', message: 'Bob Stone is also away that day' }],
    });
    expect(chat.answer(result)).toEqual({
      type: 'reply',
      text: "I've requested Sick leave on Mon 23 Nov 2026 (1 working day). It is APPROVED: this policy needs no approval. Note: Bob Stone is also away that day.",
    });
  });

  it('says nothing was done when the person declined the request at the approval gate', () => {
    const chat = new Conversation();
    chat.say('book leave next Monday to Wednesday');
    expect(chat.answer(failed('rejected_by_user', 'Declined by Alice Martin'))).toEqual({
      type: 'reply',
      text: 'Nothing was done: you declined the request for leave from Mon 30 Nov to Wed 2 Dec 2026.',
    });
  });

  it('explains a refused request in the API’s words and stops', () => {
    const chat = new Conversation();
    chat.say('book Friday off');
    expect(chat.answer(failed('validation_error', 'start_date: Annual leave needs 7 days of notice'))).toEqual({
      type: 'reply',
      text: "I couldn't request leave on Fri 27 Nov 2026: start_date: Annual leave needs 7 days of notice.",
    });
  });

  it('reports each of two requests, one made and one declined', () => {
    const chat = new Conversation();
    chat.say('I need Monday and Thursday next week off');
    const step = chat.answer(created('2026-11-30', '2026-11-30', 1), failed('rejected_by_user', 'no'));
    expect(step).toEqual({
      type: 'reply',
      text:
        "I've requested Annual leave on Mon 30 Nov 2026 (1 working day). It is PENDING, waiting for approval.\n" +
        'Nothing was done: you declined the request for leave on Thu 3 Dec 2026.',
    });
  });

  it("lists only the user's own requests when they ask for theirs, with totals", () => {
    const chat = new Conversation();
    chat.say('show my requests');
    const list = ok({
      requests: [
        leaveRequest(ANNUAL, 'Alice Martin', 'Annual leave', '2026-12-07', '2026-12-09', 'PENDING', 3),
        leaveRequest(BOB, 'Bob Stone', 'Annual leave', '2026-12-01', '2026-12-01', 'PENDING', 1),
        leaveRequest(SICK, 'Alice Martin', 'Sick leave', '2026-11-20', '2026-11-20', 'APPROVED', 1),
      ],
    });
    expect(chat.answer(list)).toEqual({
      type: 'reply',
      text:
        'Your leave requests:\n' +
        '- Annual leave, Mon 7 Dec – Wed 9 Dec 2026, 3 working days, PENDING\n' +
        '- Sick leave, Fri 20 Nov 2026, 1 working day, APPROVED\n' +
        'Total: 2 requests, 4 working days.',
    });
  });

  it("lists the team's requests with names and says when there are none", () => {
    const chat = new Conversation();
    chat.say('who is off next week');
    expect(chat.answer(ok({ requests: [] }))).toEqual({
      type: 'reply',
      text: 'Your team has no leave requests between Mon 30 Nov and Sun 6 Dec 2026.',
    });
  });

  it('summarises the untaken-leave report with its filters and totals', () => {
    const chat = new Conversation();
    chat.say('who has at least 10 days untaken?');
    const report = ok({
      year: 2026,
      employees: [
        {
          employee: 'Bob Stone',
          department: 'Sales',
          manager: 'Alice Martin',
          allocated_days: 25,
          used_days: 5,
          untaken_days: 20,
        },
        { employee: 'Carol Diaz', department: '', manager: '', allocated_days: 25, used_days: 13, untaken_days: 12 },
      ],
      totals: { employees: 2, untakenDays: 32 },
    });
    expect(chat.answer(report)).toEqual({
      type: 'reply',
      text:
        'Untaken leave for 2026 (annual leave, at least 10 days untaken): 2 employees, 32 days untaken in total.\n' +
        '- Bob Stone (Sales): 20 days untaken of 25\n' +
        '- Carol Diaz: 12 days untaken of 25',
    });
  });

  it('answers a balance question with the policy asked about', () => {
    const chat = new Conversation();
    chat.say('how much holiday have I got left?');
    const balances = ok({
      year: 2026,
      balances: [
        {
          policy: 'Annual leave',
          policy_id: ANNUAL,
          kind: 'annual',
          allocated_days: 25,
          used_days: 5,
          pending_days: 2,
          remaining_days: 18,
        },
        {
          policy: 'Sick leave',
          policy_id: SICK,
          kind: 'sick',
          allocated_days: 10,
          used_days: 1,
          pending_days: 0,
          remaining_days: 9,
        },
      ],
    });
    expect(chat.answer(balances)).toEqual({
      type: 'reply',
      text: 'You have 18 days of Annual leave left for 2026 (25 allocated, 5 used, 2 pending).',
    });
  });

  it('says what it could not read when a read fails', () => {
    const chat = new Conversation();
    chat.say('who am I');
    expect(chat.answer(failed('unavailable', 'the service is restarting'))).toEqual({
      type: 'reply',
      text: "I couldn't read your account: the service is restarting.",
    });
  });
});
