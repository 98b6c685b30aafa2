import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('days said, then taken back in the same message', () => {
  it.each([
    'except friday, book next week',
    'book friday off. sorry, I meant monday',
    'book friday off no wait thursday',
    'book friday off, no, wait, thursday',
  ])('asks which days are meant for "%s" (never books the day taken back)', (text) => {
    expect(alice().say(text)).toMatchObject({ type: 'question', text: /^Which days exactly would you like off\?/ });
  });

  it.each([
    [
      'book every day next week except wednesday',
      [
        ['2026-11-30', '2026-12-01'],
        ['2026-12-03', '2026-12-04'],
      ],
    ],
    ['book next week off except friday', [['2026-11-30', '2026-12-03']]],
  ])('books "%s" without the day taken out (exceptedDays.ts)', (text, ranges) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: ranges.map(([start, end]) => ({ arguments: { start_date: start, end_date: end } })),
    });
  });

  it('books the days the answer lists', () => {
    const chat = alice();
    chat.say('book friday off no wait thursday');
    expect(chat.say('Mon 30 Nov to Thu 3 Dec')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-30', end_date: '2026-12-03' } }],
    });
  });

  it.each([
    ['book tuesday and thursday off', 2],
    ['book friday off, I mean it', 1],
  ])('still books "%s"', (text, calls) => {
    const step = alice().say(text);
    expect(step.type).toBe('tool_calls');
    expect(step.type === 'tool_calls' && step.calls).toHaveLength(calls);
  });
});
