import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Wednesday 25 November 2026.
const TODAY = '2026-11-25';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('a question about what one is entitled to or used reads the balances', () => {
  it.each([
    ['how many days of sick leave am I entitled to', {}],
    ['how many leave days am I entitled to?', {}],
    ['how much annual leave did I use in 2026', { year: 2026 }],
  ])('"%s" reads the balances, never asks which days to book', (text, args) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'get_leave_balances', arguments: args }],
    });
  });
});
