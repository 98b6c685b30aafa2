import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('"this coming" weekday', () => {
  it.each([
    ['book this coming monday off', '2026-11-30'],
    ['book coming monday off', '2026-11-30'],
    ['book this coming friday off', '2026-11-27'],
  ])('books "%s" on the one to come, never today', (text, day) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: day } }],
    });
  });
});
