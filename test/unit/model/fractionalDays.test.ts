import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('a count of days with a half in it', () => {
  it.each([
    'book 2 and a half days from monday',
    'book a day and a half off from thursday',
    'book 1.5 days from monday',
    'book one and a half days off on thursday and friday',
  ])('asks which days are whole for "%s" (never books one half day, or one whole day)', (text) => {
    expect(alice().say(text)).toMatchObject({ type: 'question', text: /^I book whole days, or a half day/ });
  });

  it('books the whole days the answer names', () => {
    const chat = alice();
    chat.say('book 2 and a half days from monday');
    expect(chat.say('Mon 30 Nov to Tue 1 Dec')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-30', end_date: '2026-12-01' } }],
    });
  });

  it.each([
    ['book half a day on friday', { start_date: '2026-11-27', half_day: true }],
    ['book 0.5 days on friday', { start_date: '2026-11-27', half_day: true }],
    ['book 2 days from thursday 3 december', { start_date: '2026-12-03', days: 2 }],
  ])('still books "%s"', (text, args) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: args }],
    });
  });
});
