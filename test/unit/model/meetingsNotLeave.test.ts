import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('meetings and rooms are no leave', () => {
  it.each([
    'book a meeting with bob on friday',
    'schedule a 1:1 with my manager tomorrow',
    'book the conference room for friday',
    'can you cancel my meeting on friday',
  ])('declines "%s" as outside HR, never books or lists leave on its day', (text) => {
    expect(alice().say(text)).toMatchObject({ type: 'reply', text: expect.stringContaining('outside what I can do') });
  });

  it.each([
    ['take friday off for a meeting in Paris', '2026-11-27'],
    ['I have a meeting with the dentist friday, need the morning off', '2026-11-27'],
  ])('still books leave taken for a meeting ("%s")', (text, day) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: day } }],
    });
  });
});
