import { Conversation } from './conversation';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryTools } from './catalogue';

/**
 * Acting on one of the user's expense claims (expenseClaimActs.ts): the claims of the status the act needs are
 * listed, then the act on the one meant. "Submit my draft expense claim" asked a new claim's category, "delete my
 * draft expense claim" was not understood.
 */
const TOOLS = registryTools([
  ...AGENT_OPERATIONS,
  ...COMPANY_OPERATIONS,
  'list_expense_claims',
  'submit_expense_claim',
  'withdraw_expense_claim',
  'delete_expense_claim',
]);
const TAXI = '3f2b6a1e-6c1d-4c8e-9a55-0b7e4a1d2c01';
const claim = (id: string, title: string, status: string) => ({ id, employeeName: 'Alice Anders', title, status });
const chat = () => new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' });

describe('acting on an expense claim of mine', () => {
  it.each([
    ['submit my draft expense claim', 'DRAFT', 'submit_expense_claim'],
    ['delete my draft expense claim', 'DRAFT', 'delete_expense_claim'],
    ['withdraw my expense claim', 'SUBMITTED', 'withdraw_expense_claim'],
    // It was not understood.
    ['cancel my expense claim', 'SUBMITTED', 'withdraw_expense_claim'],
  ])('"%s" lists the %s claims, then %s of the one', (text, status, tool) => {
    const c = chat();
    expect(c.say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_expense_claims', arguments: { status } }],
    });
    const step = c.answer({
      ok: true,
      result: { claims: [claim(TAXI, 'Taxi to the airport', status)], nextCursor: null },
    });
    expect(step).toMatchObject({ type: 'tool_calls', calls: [{ tool, arguments: { id: TAXI } }] });
  });

  it('picks the claim whose title the words name, and lists them when they name none', () => {
    const claims = [
      claim(TAXI, 'Taxi to the airport', 'SUBMITTED'),
      claim('3f2b6a1e-6c1d-4c8e-9a55-0b7e4a1d2c02', 'Team dinner', 'SUBMITTED'),
    ];
    const named = chat();
    named.say('withdraw my taxi claim');
    expect(named.answer({ ok: true, result: { claims, nextCursor: null } })).toMatchObject({
      calls: [{ tool: 'withdraw_expense_claim', arguments: { id: TAXI } }],
    });
    const unnamed = chat();
    unnamed.say('withdraw my expense claim');
    expect(unnamed.answer({ ok: true, result: { claims, nextCursor: null } })).toMatchObject({ type: 'reply' });
  });

  it.each(['submit my expense report', 'submit my expenses', 'send my expense claim for approval', 'submit my claim'])(
    '"%s" lists my draft claims (it ran the untaken-leave report or asked a new claim\'s category)',
    (text) => {
      expect(chat().say(text)).toMatchObject({
        type: 'tool_calls',
        calls: [{ tool: 'list_expense_claims', arguments: { status: 'DRAFT' } }],
      });
    },
  );

  it('shows my drafts to pick from when the words name none of them', () => {
    const c = chat();
    c.say('submit my expense report for the berlin trip');
    const step = c.answer({
      ok: true,
      result: { claims: [claim(TAXI, 'Taxi to the airport', 'DRAFT')], nextCursor: null },
    });
    expect(step).toMatchObject({ type: 'reply' });
    expect(step.type === 'reply' && step.text).toContain('Taxi to the airport');
  });

  it('"submit an expense claim" still starts a new claim', () => {
    expect(chat().say('submit an expense claim')).toMatchObject({ type: 'question' });
  });

  it('"claim 40 eur taxi" is still a new claim', () => {
    expect(chat().say('claim 40 eur taxi')).toMatchObject({ calls: [{ tool: 'create_expense_claim' }] });
  });
});
