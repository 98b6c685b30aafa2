import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Wednesday 25 November 2026.
const TODAY = '2026-11-25';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('a return day ends the leave the day before', () => {
  it.each([
    ["I've been sick since monday, back thursday", { start_date: '2026-11-23', end_date: '2026-11-25' }],
    ['off sick, back on friday', { start_date: '2026-11-25', end_date: '2026-11-26' }],
    ['book leave from monday, back on the 7th', { start_date: '2026-11-30', end_date: '2026-12-06' }],
  ])('books "%s" as one request up to the day before the return (never the return day gone)', (text, args) => {
    const step = alice().say(text);
    expect(step).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'create_leave_request', arguments: args }] });
    expect(step.type === 'tool_calls' && step.calls).toHaveLength(1);
  });
});
