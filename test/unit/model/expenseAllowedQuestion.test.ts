import { Conversation } from './conversation';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryTools } from './catalogue';

/**
 * Whether an expense may be claimed (expenseAllowedQuestion.ts) is answered by the expense categories: the amount made
 * these a new claim, submitted at once.
 */
const TOOLS = registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS, 'list_expense_categories']);
const chat = () => new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' });

describe('whether an expense may be claimed', () => {
  it.each([
    'is it ok to claim 40 eur for a taxi',
    'am I allowed to expense a 200 eur hotel night',
    'is a 30 eur lunch reimbursable',
  ])('"%s" reads the expense categories, then answers', (text) => {
    const c = chat();
    expect(c.say(text)).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'list_expense_categories' }] });
    const categories = [{ name: 'Taxi', currency: 'EUR', limitMinor: 5000 }];
    expect(c.answer({ ok: true, result: { categories, nextCursor: null } })).toMatchObject({ type: 'reply' });
  });

  it.each(['can I claim 40 eur for a taxi yesterday', 'claim 40 eur taxi'])('"%s" is still a claim', (text) => {
    expect(chat().say(text)).toMatchObject({ calls: [{ tool: 'create_expense_claim' }] });
  });
});
