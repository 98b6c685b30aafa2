import { Conversation } from './conversation';
import type { ModelStep } from '../../../model/types';

// Monday 23 November 2026 is today (the Conversation's day).
function chat(): Conversation {
  return new Conversation(undefined, { name: 'Alice Anders', role: 'EMPLOYEE' });
}

function tools(step: ModelStep): string[] {
  return step.type === 'tool_calls' ? step.calls.map((call) => call.tool) : [];
}

describe('the built-in model on moving a leave request that exists', () => {
  it.each([
    'change my leave to friday',
    'change my leave on Friday to Monday',
    'switch my day off from friday to monday',
    'swap my day off on the 4th for the 7th',
    'reschedule my leave on 4 Dec to 11 Dec',
    'can I move my holiday to next week',
    'extend my leave until the 11th',
    'shorten my leave to end on the 9th',
    'change my half day on Friday to a full day',
    'swap my monday off for friday',
    'move my friday off to monday',
  ])('asks which days to book instead of booking the days of "%s"', (text) => {
    const step = chat().say(text);
    expect(tools(step)).toEqual([]);
    expect(step).toMatchObject({ type: 'question', text: expect.stringContaining("can't change the days") });
  });

  it('books the days given in answer, once', () => {
    const conversation = chat();
    conversation.say('change my leave on Friday to Monday');
    const step = conversation.say('Monday 30 November');
    expect(step).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-30' } }],
    });
  });

  it('still reads a change of a leave policy or balance as no move', () => {
    expect(chat().say('update my leave balance')).not.toMatchObject({
      text: expect.stringContaining("can't change the days"),
    });
  });
});
