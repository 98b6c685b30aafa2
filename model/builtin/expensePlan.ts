/**
 * Expenses: "submit a 42.50 EUR taxi expense from Tuesday" becomes one create_expense_claim with one line: its
 * category by name, its amount in whole minor units of its currency (4250), its day (the latest Tuesday gone) and
 * `submit: true`, unless the person asks for a draft. A mileage line gives the distance instead of an amount. What
 * is missing (the amount, its currency, the category, a day that is past) is asked for, one question at a time.
 */

import { type IsoDate, formatDayWithYear } from './calendar';
import { MILEAGE, KNOWN_CATEGORIES } from './expenseCategories';
import { toMinorUnits } from './amounts';
import type { Understanding } from './intents';
import { type Plan, type PlanContext, type TurnResult, ask, callTools, reply, resultsOf } from './planTypes';
import { summariseExpenseClaims } from './summariseExpense';
import { formatMoney } from '../../lib/money/money';

/**
 * A currency of two decimals, which an amount said without one is read in: the pay currencies of the workspaces
 * (EUR, GBP, USD, CHF) have two. A pay currency without decimals would need its amounts said with it.
 */
const PAY_CURRENCY_DIGITS = 'EUR';

/** The day of the expense: the one named (past), today when none is, or the question. */
function expenseDay(u: Understanding, ctx: PlanContext): Plan | IsoDate {
  const dates = u.dates;
  let day: IsoDate | undefined;
  if (dates.kind === 'none') day = ctx.today;
  else if (dates.kind === 'days') day = dates.ranges[0]!.start;
  else if (dates.kind === 'span' || dates.kind === 'from') day = dates.start;
  if (dates.kind === 'invalid')
    return ask('dates', "I couldn't find that date in the calendar. On which day was the expense?");
  if (day === undefined) return ask('dates', 'On which day was the expense?');
  if (day > ctx.today) {
    return ask('dates', `${formatDayWithYear(day)} is still to come: on which day was the expense?`);
  }
  return day;
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** Plans an expense claim: the question that stands in the way, the call, or the reply once it ran. */
export function planExpense(u: Understanding, results: TurnResult[], ctx: PlanContext): Plan {
  const created = resultsOf(results, 'create_expense_claim');
  if (created.length > 0) return reply(summariseExpenseClaims(created));
  const expense = u.expense ?? { submit: true };
  const category = expense.category?.category;
  if (category === undefined) {
    return ask('category', 'Which category is the expense in?', [...KNOWN_CATEGORIES]);
  }
  const mileage = category === MILEAGE;
  const line: Record<string, unknown> = {};
  let amountText: string;
  if (mileage) {
    if (expense.km === undefined) return ask('amount', 'How many km did you drive?');
    line.distanceKm = expense.km;
    amountText = `${expense.km} km`;
  } else {
    const amount = expense.amount;
    if (!amount) return ask('amount', 'How much was it, and in which currency? For example "42.50 EUR".');
    // No currency said ("claim 60 for dinner"): the claim's own, the pay currency, which the line then leaves out.
    const minor = toMinorUnits(amount.value, amount.currency ?? PAY_CURRENCY_DIGITS);
    if (minor === undefined) {
      const of = amount.currency ? `an amount of ${amount.currency}` : 'an amount';
      return ask('amount', `${amount.value} is not ${of} I can claim: how much was it?`);
    }
    line.amountMinor = minor;
    if (amount.currency) line.currency = amount.currency;
    amountText = amount.currency
      ? formatMoney(minor, amount.currency)
      : `${formatMoney(minor, PAY_CURRENCY_DIGITS).replace(/ \w+$/, '')} in your pay currency`;
  }
  const day = expenseDay(u, ctx);
  if (typeof day !== 'string') return day;
  const description = mileage ? `${amountText} driven` : capitalised(expense.category?.word ?? category);
  const claim = {
    title: `${category} on ${formatDayWithYear(day)}`,
    lines: [{ category, date: day, description, ...line }],
    submit: expense.submit,
  };
  const verb = expense.submit ? `submit ${article(category)}` : `save a draft`;
  const text = `I'll ${verb} ${category} expense of ${amountText} on ${formatDayWithYear(day)}.`;
  return callTools(ctx, [{ tool: 'create_expense_claim', arguments: claim }], text);
}
