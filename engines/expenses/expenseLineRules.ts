import { convertMinor, divideRounded, formatMoney, MAX_AMOUNT_MINOR } from '../../lib/money/money';

/**
 * The arithmetic and the rules of one expense line, pure: what it claims in the claim's currency (a foreign amount
 * at its exchange rate, a mileage line's distance at the category's rate, each rounded once), how it measures
 * against its category's limit, and whether it needs a receipt. Amounts are bigint minor units throughout.
 */

export const limitActions = ['refuse', 'flag'] as const;
export type LimitAction = (typeof limitActions)[number];

/** Flags a line can carry, for the approvers (they are copied onto the claim). */
export const lineFlags = ['over_limit', 'limit_in_other_currency'] as const;
export type LineFlag = (typeof lineFlags)[number];

/** What the rules read of a category. Its currency is that of the limit, the receipt threshold and the mileage rate. */
export interface CategoryRules {
  name: string;
  currency: string;
  limitMinor: bigint | null;
  limitAction: LimitAction;
  receiptRequiredAboveMinor: bigint | null;
  mileageRateMinor: bigint | null;
}

/** A line's amounts: what was paid (in its currency) and what it claims (in the claim's). */
export interface LineAmounts {
  amountMinor: bigint;
  currency: string;
  claimAmountMinor: bigint;
}

/** A mileage line's amount: tenths of a kilometre times the rate per kilometre, rounded once (half away from 0). */
export function mileageAmountMinor(distanceTenthsKm: number, rateMinor: bigint): bigint {
  return divideRounded(BigInt(distanceTenthsKm) * rateMinor, 10n);
}

/**
 * What a line of `amountMinor` in `currency` claims in `claimCurrency`: the same amount when the currencies match,
 * else converted at `exchangeRate` (units of the claim's currency per unit of the line's), rounded once.
 */
export function claimAmountMinorOf(
  amountMinor: bigint,
  currency: string,
  claimCurrency: string,
  exchangeRate: string | null,
): bigint {
  if (currency === claimCurrency) return amountMinor;
  if (exchangeRate === null) throw new RangeError('claimAmountMinorOf: a line in another currency needs a rate');
  return convertMinor(amountMinor, currency, claimCurrency, exchangeRate);
}

/**
 * The line's amount in the category's currency, exactly, when it has one: what was paid when it was paid in that
 * currency, else what is claimed when the claim is in it; null when neither is (no exchange rate to the category's
 * currency is known, so the line cannot be measured against it).
 */
export function amountInCategoryCurrency(line: LineAmounts, claimCurrency: string, category: CategoryRules) {
  if (line.currency === category.currency) return line.amountMinor;
  if (claimCurrency === category.currency) return line.claimAmountMinor;
  return null;
}

/** How a line measures against its category's limit. */
export type LimitOutcome =
  | { kind: 'within' }
  | { kind: 'over'; action: LimitAction; amountMinor: bigint; limitMinor: bigint }
  | { kind: 'not_comparable' };

export function limitOutcome(line: LineAmounts, claimCurrency: string, category: CategoryRules): LimitOutcome {
  if (category.limitMinor === null) return { kind: 'within' };
  const amount = amountInCategoryCurrency(line, claimCurrency, category);
  if (amount === null) return { kind: 'not_comparable' };
  if (amount <= category.limitMinor) return { kind: 'within' };
  return { kind: 'over', action: category.limitAction, amountMinor: amount, limitMinor: category.limitMinor };
}

/** The flags a line keeps: above a flagging limit, or a limit it could not be measured against. */
export function flagsOf(outcome: LimitOutcome): LineFlag[] {
  if (outcome.kind === 'over' && outcome.action === 'flag') return ['over_limit'];
  if (outcome.kind === 'not_comparable') return ['limit_in_other_currency'];
  return [];
}

/**
 * Whether the line needs a receipt: never without a threshold; always at 0; above the threshold when the line can
 * be measured in the category's currency; always when it cannot (a receipt is the safe side).
 */
export function receiptRequired(line: LineAmounts, claimCurrency: string, category: CategoryRules): boolean {
  if (category.receiptRequiredAboveMinor === null) return false;
  const amount = amountInCategoryCurrency(line, claimCurrency, category);
  return amount === null || amount > category.receiptRequiredAboveMinor;
}

/** Why a line was refused, for a person: "120.00 EUR is above the Taxi limit of 100.00 EUR". */
export function overLimitReason(outcome: Extract<LimitOutcome, { kind: 'over' }>, category: CategoryRules): string {
  return (
    `${formatMoney(outcome.amountMinor, category.currency)} is above the ${category.name} limit of ` +
    `${formatMoney(outcome.limitMinor, category.currency)} per line`
  );
}

/** True when a claim's amount is one the API can carry exactly (lines and totals alike). */
export function withinAmountBound(amountMinor: bigint): boolean {
  return amountMinor >= 0n && amountMinor <= BigInt(MAX_AMOUNT_MINOR);
}
