import type { Db } from '../../db/handle';
import type { ExpenseCategory } from '../../db/models';
import { formatMoney } from '../../lib/money/money';
import { AppError } from '../appError';
import { addDays, toDbDate, type IsoDate } from '../leave/dates';
import { resolveCategory, rulesOf } from './expenseCategories';
import {
  claimAmountMinorOf,
  flagsOf,
  limitOutcome,
  mileageAmountMinor,
  overLimitReason,
  withinAmountBound,
  type LineFlag,
} from './expenseLineRules';
import { checkReceipts } from './expenseReceipts';

/** The most lines a claim holds, and how far back a line's date may go. */
export const MAX_EXPENSE_LINES = 50;
export const MAX_EXPENSE_AGE_DAYS = 365;

/** A line as a claimant writes it (company API: the body of create_expense_claim and update_expense_claim). */
export interface NewExpenseLine {
  /** The category's id or name. */
  category: string;
  date: IsoDate;
  description: string;
  /** What was paid, minor units of `currency`; absent on a mileage line. */
  amountMinor?: number | undefined;
  /** Default: the category's for a mileage line, else the claim's. */
  currency?: string | undefined;
  /** Units of the claim's currency per unit of `currency`, as text; only (and always) for another currency. */
  exchangeRate?: string | undefined;
  /** Mileage lines only: kilometres, to a tenth. */
  distanceKm?: number | undefined;
  receiptAttachmentId?: string | undefined;
}

/** A line ready to be written (its claim's id aside). */
export interface LineRow {
  tenantId: string;
  position: number;
  categoryId: string;
  date: Date;
  description: string;
  amountMinor: bigint;
  currency: string;
  exchangeRate: string | null;
  claimAmountMinor: bigint;
  distanceTenthsKm: number | null;
  receiptAttachmentId: string | null;
  flags: LineFlag[];
}

export interface BuiltLines {
  rows: LineRow[];
  totalMinor: bigint;
  /** Every flag of the lines, once each, for the claim. */
  flags: LineFlag[];
}

const bad = (field: string, reason: string) => new AppError('validation_error', `${field}: ${reason}`);

/** What a line pays and claims, in minor units: a mileage line's distance at the rate, or the amount sent. */
function amountsOf(line: NewExpenseLine, field: string, category: ExpenseCategory, claimCurrency: string) {
  const rate = category.mileageRateMinor;
  if (rate !== null) {
    const perKm = `${formatMoney(rate, category.currency)} per km`;
    if (line.distanceKm === undefined) {
      throw bad(`${field}.distanceKm`, `${category.name} is a mileage category: send the distance (${perKm})`);
    }
    if (line.amountMinor !== undefined) {
      throw bad(`${field}.amountMinor`, `a mileage line's amount is its distance at ${perKm}; send distanceKm only`);
    }
    if (line.currency !== undefined && line.currency !== category.currency) {
      throw bad(`${field}.currency`, `a ${category.name} line is in ${category.currency}, the currency of its rate`);
    }
    const distanceTenthsKm = Math.round(line.distanceKm * 10);
    return {
      amountMinor: mileageAmountMinor(distanceTenthsKm, rate),
      currency: category.currency,
      distanceTenthsKm,
      amountField: `${field}.distanceKm`,
    };
  }
  if (line.distanceKm !== undefined) {
    throw bad(`${field}.distanceKm`, `only a mileage category's lines claim a distance; ${category.name} is not one`);
  }
  if (line.amountMinor === undefined) throw bad(`${field}.amountMinor`, 'required: what was paid, in minor units');
  return {
    amountMinor: BigInt(line.amountMinor),
    currency: line.currency ?? claimCurrency,
    distanceTenthsKm: null,
    amountField: `${field}.amountMinor`,
  };
}

/**
 * Measures a claim's lines against their categories and computes what each claims in the claim's currency. 400
 * naming the field (`lines.<i>.<field>`) for a category that does not exist or is inactive, a date in the future or
 * more than a year back, a missing or needless amount, distance or exchange rate, a line above a refusing limit, a
 * receipt that is not the claimant's, or a total the API cannot carry. Reads only: nothing is written.
 */
export async function buildLines(
  db: Db,
  ctx: { tenantId: string; claimCurrency: string; today: IsoDate; uploaderIds: readonly string[] },
  lines: readonly NewExpenseLine[],
): Promise<BuiltLines> {
  if (lines.length === 0 || lines.length > MAX_EXPENSE_LINES) {
    throw bad('lines', `a claim has 1 to ${MAX_EXPENSE_LINES} lines`);
  }
  const categories = new Map<string, ExpenseCategory>();
  const earliest = addDays(ctx.today, -MAX_EXPENSE_AGE_DAYS);
  const rows: LineRow[] = [];
  for (const [i, line] of lines.entries()) {
    const field = `lines.${i}`;
    const category = await resolveCategory(db, ctx.tenantId, line.category, `${field}.category`, categories);
    if (line.date > ctx.today) throw bad(`${field}.date`, `must not be in the future (today is ${ctx.today})`);
    if (line.date < earliest) throw bad(`${field}.date`, `must be at most a year back (${earliest} or later)`);
    const { amountMinor, currency, distanceTenthsKm, amountField } = amountsOf(
      line,
      field,
      category,
      ctx.claimCurrency,
    );
    if (currency !== ctx.claimCurrency && line.exchangeRate === undefined) {
      throw bad(
        `${field}.exchangeRate`,
        `required for a line in ${currency} on a claim in ${ctx.claimCurrency}: ${ctx.claimCurrency} per 1 ${currency}, such as "1.0843"`,
      );
    }
    if (currency === ctx.claimCurrency && line.exchangeRate !== undefined) {
      throw bad(`${field}.exchangeRate`, `only for a line in another currency than the claim's (${ctx.claimCurrency})`);
    }
    const exchangeRate = currency === ctx.claimCurrency ? null : line.exchangeRate!;
    const claimAmountMinor = claimAmountMinorOf(amountMinor, currency, ctx.claimCurrency, exchangeRate);
    if (claimAmountMinor < 1n) throw bad(amountField, `worth less than one minor unit of ${ctx.claimCurrency}`);
    if (!withinAmountBound(claimAmountMinor)) {
      throw bad(amountField, `${formatMoney(claimAmountMinor, ctx.claimCurrency)} is more than a claim can carry`);
    }
    const outcome = limitOutcome({ amountMinor, currency, claimAmountMinor }, ctx.claimCurrency, rulesOf(category));
    if (outcome.kind === 'over' && outcome.action === 'refuse') {
      throw bad(amountField, `${overLimitReason(outcome, rulesOf(category))}, and the category refuses more`);
    }
    rows.push({
      tenantId: ctx.tenantId,
      position: i,
      categoryId: category.id,
      date: toDbDate(line.date),
      description: line.description,
      amountMinor,
      currency,
      exchangeRate,
      claimAmountMinor,
      distanceTenthsKm,
      receiptAttachmentId: line.receiptAttachmentId ?? null,
      flags: flagsOf(outcome),
    });
  }
  await checkReceipts(db, ctx.tenantId, ctx.uploaderIds, lines);
  const totalMinor = rows.reduce((sum, row) => sum + row.claimAmountMinor, 0n);
  if (!withinAmountBound(totalMinor)) {
    throw bad('lines', `the total, ${formatMoney(totalMinor, ctx.claimCurrency)}, is more than a claim can carry`);
  }
  return { rows, totalMinor, flags: [...new Set(rows.flatMap((row) => row.flags))] };
}
