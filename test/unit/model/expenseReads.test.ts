import { Conversation, WED } from './conversation';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryTools } from './catalogue';
import type { ModelStep } from '../../../model/types';

/**
 * Expense words without an amount ask for a new claim only when nothing says otherwise (companyIntents.ts): "my
 * expenses", "expense categories", "is there a limit on meal expenses", "withdraw my last expense claim" never start
 * a claim (its category asked for, then a claim made of whatever is answered). Today is Wednesday 25 November 2026.
 */
const TOOLS = registryTools([
  ...AGENT_OPERATIONS,
  ...COMPANY_OPERATIONS,
  'list_expense_claims',
  'list_expense_categories',
  'withdraw_expense_claim',
  'get_expense_claim',
]);
const say = (text: string): ModelStep =>
  new Conversation(TOOLS, { name: 'Alice Martin', role: 'EMPLOYEE' }, WED).say(text);

const tools = (step: ModelStep) => (step.type === 'tool_calls' ? step.calls.map((call) => call.tool) : []);

describe('expense words that ask for no new claim', () => {
  it.each([
    ['my expenses', 'list_expense_claims'],
    ['show my expenses', 'list_expense_claims'],
    ['expense categories', 'list_expense_categories'],
    ['is there a limit on meal expenses', 'list_expense_categories'],
  ])('reads "%s" with %s', (text, tool) => {
    expect(tools(say(text))).toEqual([tool]);
  });

  it.each(['withdraw my last expense claim', 'delete my draft expense', 'what is the expense policy', 'all my claims'])(
    'never asks the category of a new claim for "%s"',
    (text) => {
      const step = say(text);
      expect(step.type === 'question' && step.text === 'Which category is the expense in?').toBe(false);
      expect(tools(step)).not.toContain('create_expense_claim');
    },
  );

  it('still starts a claim from "expense claim", "submit an expense" and an amount', () => {
    expect(say('expense claim')).toMatchObject({ type: 'question', text: 'Which category is the expense in?' });
    expect(say('submit an expense')).toMatchObject({ type: 'question', text: 'Which category is the expense in?' });
    expect(tools(say('my expenses: 12 EUR taxi today'))).toEqual(['create_expense_claim']);
  });
});
