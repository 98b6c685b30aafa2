import { followUpKindOf } from '../../../model/builtin/followUps';
import { Conversation, failed, leaveRequest, ok } from './conversation';

// Follow-ups in the same thread (issue 22, item 2): after a booking, "make it Tuesday instead", "and the Friday too"
// and "cancel that" act on it. Today is Monday 23 November 2026 (TODAY of ./conversation).

const BOOKED_ID = '0b5f7c1e-8a55-4d2b-9f1e-2a7c5d9e6b01';

function created(start: string, end = start, policy = 'Annual leave', id = BOOKED_ID) {
  return ok({ id, status: 'PENDING', policy, start_date: start, end_date: end, total_days: 1, warnings: [] });
}

/** Alice books next Monday (30 November) and the booking is made, or declined at the approval gate. */
function afterBooking(outcome: 'made' | 'declined' = 'made', request = 'book next Monday off'): Conversation {
  const chat = new Conversation();
  const step = chat.say(request);
  expect(step).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'create_leave_request' }] });
  const booked = (step.type === 'tool_calls' && step.calls[0]!.arguments.start_date) as string;
  chat.answer(outcome === 'made' ? created(booked) : failed('rejected_by_user', 'The person declined this action'));
  expect(chat.last?.type).toBe('reply');
  return chat;
}

describe('follow-ups after a booking', () => {
  it('"make it Tuesday instead" requests the Tuesday of the booked week and cancels the booking that was made', () => {
    const chat = afterBooking();
    const step = chat.say('make it Tuesday instead');
    expect(step).toMatchObject({
      type: 'tool_calls',
      calls: [
        { tool: 'create_leave_request', arguments: { start_date: '2026-12-01', end_date: '2026-12-01' } },
        { tool: 'cancel_leave_request', arguments: { id: BOOKED_ID } },
      ],
    });
    const done = chat.answer(
      created('2026-12-01', '2026-12-01', 'Annual leave', '1c6e8d2f-9b66-4e3c-8a2f-3b8d6eaf7c12'),
      {
        ok: true,
        result: {
          data: {
            request: {
              id: BOOKED_ID,
              policy: 'Annual leave',
              start_date: '2026-11-30',
              end_date: '2026-11-30',
              status: 'CANCELLED',
            },
          },
        },
      },
    );
    expect(done.type).toBe('reply');
    expect(done.type === 'reply' && done.text).toMatch(/I've requested Annual leave/);
    expect(done.type === 'reply' && done.text).toMatch(/I've cancelled your Annual leave/);
  });

  it('after a declined booking, a change only requests the new day', () => {
    const chat = afterBooking('declined');
    const step = chat.say('actually make it Wednesday instead');
    expect(step).toEqual({
      type: 'tool_calls',
      calls: [
        expect.objectContaining({
          tool: 'create_leave_request',
          arguments: { start_date: '2026-12-02', end_date: '2026-12-02' },
        }),
      ],
    });
  });

  it('keeps the policy and the reason of the booking it changes', () => {
    const chat = afterBooking('made', 'book sick leave next Monday, reason: dentist');
    const first = chat.messages.find((m) => m.role === 'assistant_tool_calls');
    const original = first?.role === 'assistant_tool_calls' ? first.calls[0]!.arguments : {};
    const step = chat.say('change it to Thursday');
    const call = step.type === 'tool_calls' ? step.calls[0] : undefined;
    expect(call?.tool).toBe('create_leave_request');
    expect(call?.arguments).toMatchObject({ start_date: '2026-12-03', end_date: '2026-12-03' });
    expect(call?.arguments.policy).toBe(original.policy);
    expect(call?.arguments.reason).toBe(original.reason);
  });

  it('"and the Friday too" requests the Friday of the booked week beside the booking', () => {
    const chat = afterBooking();
    const step = chat.say('and the Friday too');
    expect(step).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-04', end_date: '2026-12-04' } }],
    });
    expect(step.type === 'tool_calls' && step.calls).toHaveLength(1);
  });

  it('"cancel that" cancels the booking that was made, behind the approval of cancel_leave_request', () => {
    const chat = afterBooking();
    expect(chat.say('cancel that')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'cancel_leave_request', arguments: { id: BOOKED_ID } }],
    });
    const done = chat.answer(failed('rejected_by_user', 'The person declined this action'));
    expect(done).toMatchObject({ type: 'reply', text: expect.stringContaining('Nothing was done') });
  });

  it('"cancel that" after a declined booking says there is nothing to cancel', () => {
    const chat = afterBooking('declined');
    expect(chat.say('please cancel it')).toMatchObject({
      type: 'reply',
      text: expect.stringContaining('nothing to cancel'),
    });
  });

  it('a change to a weekend day is not booked from the follow-up', () => {
    const chat = afterBooking();
    const step = chat.say('make it Saturday instead');
    const booksSaturday = step.type === 'tool_calls' && step.calls.some((c) => c.arguments.start_date === '2026-12-05');
    expect(booksSaturday).toBe(false);
  });

  it('the same words as a first message are no follow-up: nothing is booked or cancelled', () => {
    for (const text of ['make it Tuesday instead', 'cancel that', 'and the Friday too']) {
      const step = new Conversation().say(text);
      const writes = step.type === 'tool_calls' ? step.calls.filter((c) => c.tool !== 'list_leave_requests') : [];
      expect({ text, writes }).toEqual({ text, writes: [] });
    }
  });
});

describe('the words of a follow-up', () => {
  it.each([
    ['make it Tuesday instead', 'change'],
    ['Change it to the 3rd', 'change'],
    ['move it to Friday please', 'change'],
    ['and the Friday too', 'add'],
    ['also Wednesday', 'add'],
    ['Thursday as well', 'add'],
    ['cancel that', 'cancel'],
    ['Actually, cancel it please', 'cancel'],
    ['undo that', 'cancel'],
  ])('%s is a %s', (text, kind) => {
    expect(followUpKindOf(text)).toBe(kind);
  });

  it.each(['book Tuesday off', 'cancel my leave on 24 June', 'what is waiting for my approval?', 'thanks'])(
    '%s is none',
    (text) => {
      expect(followUpKindOf(text)).toBeUndefined();
    },
  );
});

describe('a follow-up after a follow-up', () => {
  it('"cancel that" after a change cancels the new booking, and a second change moves it again', () => {
    const chat = afterBooking();
    chat.say('make it Tuesday instead');
    const moved = '1c6e8d2f-9b66-4e3c-8a2f-3b8d6eaf7c12';
    chat.answer(
      created('2026-12-01', '2026-12-01', 'Annual leave', moved),
      ok({
        request: leaveRequest(BOOKED_ID, 'Alice Martin', 'Annual leave', '2026-11-30', '2026-11-30', 'CANCELLED', 1),
      }),
    );
    const again = new Conversation();
    again.messages.push(...chat.messages);
    expect(chat.say('cancel that')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'cancel_leave_request', arguments: { id: moved } }],
    });
    expect(again.say('make it Wednesday instead')).toMatchObject({
      type: 'tool_calls',
      calls: [
        { tool: 'create_leave_request', arguments: { start_date: '2026-12-02', end_date: '2026-12-02' } },
        { tool: 'cancel_leave_request', arguments: { id: moved } },
      ],
    });
  });
});
