import { Conversation } from './conversation';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryTools } from './catalogue';

/**
 * What became of my expense claims (ownExpenseClaimsRead.ts) is a read of them: the questions read the user's leave
 * requests or asked a new claim's category, and "my draft expenses" asked whether review cycles were meant.
 */
const TOOLS = registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS, 'list_expense_claims', 'list_review_cycles']);
const chat = () => new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' });

describe('my expense claims', () => {
  it.each([
    ['has my expense claim been approved', {}],
    ['was my claim reimbursed', {}],
    ["what's the status of my expense claim", {}],
    ['list my expense reports', {}],
    ['my draft expenses', { status: 'DRAFT' }],
  ])('"%s" reads my expense claims (%o)', (text, args) => {
    const c = chat();
    const step = c.say(text);
    expect(step).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'list_expense_claims', arguments: args }] });
    expect(step.type === 'tool_calls' && step.calls[0]!.arguments).toEqual(args);
    const claims = [{ id: '3f2b6a1e-6c1d-4c8e-9a55-0b7e4a1d2c01', title: 'Taxi', status: 'APPROVED' }];
    expect(c.answer({ ok: true, result: { claims, nextCursor: null } })).toMatchObject({ type: 'reply' });
  });

  it.each(['has my leave been approved', 'claim my taxi'])('"%s" is not about claims made', (text) => {
    const step = chat().say(text);
    expect(step.type === 'tool_calls' && step.calls[0]!.tool).not.toBe('list_expense_claims');
  });
});
