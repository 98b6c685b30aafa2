import { WED, companyChat, failed, ok, planned } from './conversation';

/**
 * Expenses as conversations with the built-in model (issue 19, item 6): what it asks when the amount, currency or
 * category is missing, and what it says of the claim (money as "42.50 EUR"). Today is Wednesday 25 November 2026.
 */
describe('expenses', () => {
  const claim = (fields: Record<string, unknown>) =>
    ok({ claim: { status: 'SUBMITTED', flags: [], total: { amountMinor: 1200, currency: 'EUR' }, ...fields } });

  it('takes a bare amount in the pay currency (the claim’s own), then tells the claim', () => {
    const c = companyChat();
    const step = c.say('claim 12 for lunch yesterday');
    expect(step).toMatchObject({
      text: "I'll submit a Meals expense of 12.00 in your pay currency on Tue 24 Nov 2026.",
    });
    expect(planned(step)).toEqual({
      tool: 'create_expense_claim',
      arguments: {
        title: 'Meals on Tue 24 Nov 2026',
        lines: [{ category: 'Meals', date: '2026-11-24', description: 'Lunch', amountMinor: 1200 }],
        submit: true,
      },
    });
    expect(c.answer(claim({ title: 'Meals on Tue 24 Nov 2026' }))).toEqual({
      type: 'reply',
      text: 'I\'ve submitted your expense claim "Meals on Tue 24 Nov 2026" for 12.00 EUR: it is SUBMITTED, waiting for approval.',
    });
  });

  it('reads "12.90", which no calendar has as a day, as the amount', () => {
    expect(planned(companyChat().say('expense 12.90 parking yesterday')).arguments).toEqual({
      title: 'Travel on Tue 24 Nov 2026',
      lines: [{ category: 'Travel', date: '2026-11-24', description: 'Parking', amountMinor: 1290 }],
      submit: true,
    });
  });

  it('asks for the category it cannot tell, and notes a flag for the approvers', () => {
    const c = companyChat();
    c.say('submit an expense of 30 EUR for a gift today');
    expect(planned(c.say('Office supplies')).arguments).toEqual({
      title: 'Office supplies on Wed 25 Nov 2026',
      lines: [
        {
          category: 'Office supplies',
          date: WED,
          description: 'Office supplies',
          amountMinor: 3000,
          currency: 'EUR',
        },
      ],
      submit: true,
    });
    const flagged = claim({
      title: 'Office supplies on Wed 25 Nov 2026',
      total: { amountMinor: 3000, currency: 'EUR' },
      flags: ['over_limit'],
    });
    expect(c.answer(flagged)).toEqual({
      type: 'reply',
      text:
        'I\'ve submitted your expense claim "Office supplies on Wed 25 Nov 2026" for 30.00 EUR: it is SUBMITTED, ' +
        "waiting for approval. Note: a line is above its category's limit, flagged for the approvers.",
    });
  });

  it('asks for the amount when none is given, and says why a claim was refused', () => {
    const c = companyChat();
    c.say('submit a taxi expense from Tuesday');
    expect(planned(c.say('42.50 EUR')).arguments).toMatchObject({
      lines: [{ category: 'Taxi', date: '2026-11-24', amountMinor: 4250, currency: 'EUR' }],
    });
    expect(c.answer(failed('validation_error', 'lines.0.amountMinor: above the limit of Taxi (100.00 EUR)'))).toEqual({
      type: 'reply',
      text: "I couldn't claim the expense: lines.0.amountMinor: above the limit of Taxi (100.00 EUR).",
    });
  });
});
