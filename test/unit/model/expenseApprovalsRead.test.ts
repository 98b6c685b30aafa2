import { Conversation } from './conversation';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryTools } from './catalogue';

/**
 * Expense claims waiting for a decision are a read (expenseApprovalsRead.ts): the approvals inbox for whoever
 * decides, one's own submitted claims for an employee or "my expense claims". They started a new claim.
 */
const TOOLS = registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS, 'list_approvals', 'list_expense_claims']);
const say = (text: string, role: string) => new Conversation(TOOLS, { name: 'Marcus Miller', role }).say(text);

describe('expense claims waiting for a decision', () => {
  it.each([
    ['pending expense approvals', 'MANAGER', 'list_approvals', { requestType: 'expense_claim' }],
    ['expense claims waiting for me', 'MANAGER', 'list_approvals', { requestType: 'expense_claim' }],
    ['my expense claims waiting for approval', 'MANAGER', 'list_expense_claims', { status: 'SUBMITTED' }],
    ['my pending expense claims', 'EMPLOYEE', 'list_expense_claims', { status: 'SUBMITTED' }],
  ])('"%s" (%s) reads %s', (text, role, tool, args) => {
    expect(say(text, role)).toMatchObject({ type: 'tool_calls', calls: [{ tool, arguments: args }] });
  });

  it('still claims an expense with an amount', () => {
    expect(say('claim 40 eur taxi', 'EMPLOYEE')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_expense_claim' }],
    });
  });
});
