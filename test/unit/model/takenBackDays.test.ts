import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('days said, then taken back in the same message', () => {
  it.each([
    'book every day next week except wednesday',
    'book next week off except friday',
    'book monday to friday off apart from wednesday',
    'book friday off. sorry, I meant monday',
    'book friday off no wait thursday',
    'book friday off, no, wait, thursday',
  ])('asks which days are meant for "%s" (never books the day taken back)', (text) => {
    expect(alice().say(text)).toMatchObject({ type: 'question', text: /^Which days exactly would you like off\?/ });
  });

  it('books the days the answer lists', () => {
    const chat = alice();
    chat.say('book next week off except friday');
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
