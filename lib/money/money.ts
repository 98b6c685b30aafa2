/**
 * Money as the company API writes it (company-api.md, "Money"): whole minor units of an ISO 4217 currency
 * (`{ amountMinor: 12550, currency: "EUR" }` is 125.50 EUR), never floats. Arithmetic that divides (pro rata,
 * exchange rates, hourly rates) runs on bigint and rounds once, at the end, half away from zero. Pure.
 */

const currencies = new Set(Intl.supportedValuesOf('currency'));

/** True for an ISO 4217 code this runtime knows (`EUR`, `JPY`, `BHD`), in capitals. */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && currencies.has(code);
}

/** How many digits the currency's minor unit has: 2 for EUR, 0 for JPY, 3 for BHD. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** `numerator / denominator`, rounded half away from zero (the denominator is positive). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('divideRounded: the denominator must be positive');
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

/** An amount as a person reads it, the same on every machine: `42.50 EUR`, `-1,200 JPY` is `-1200 JPY`. */
export function formatMoney(amountMinor: bigint | number, currency: string): string {
  const amount = BigInt(amountMinor);
  const digits = minorDigits(currency);
  const negative = amount < 0n;
  const text = (negative ? -amount : amount).toString().padStart(digits + 1, '0');
  const whole = digits === 0 ? text : text.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${text.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${fraction} ${currency}`;
}

/** A decimal written as text (`1.0843`), at most 12 digits before and 8 after the point, greater than zero. */
export const EXCHANGE_RATE_PATTERN = /^(?!0+(?:\.0+)?$)\d{1,12}(?:\.\d{1,8})?$/;

/**
 * `amountMinor` of `from` in `to` at `rate` (units of `to` per unit of `from`), rounded once: 10.00 USD at
 * "0.92" is 9.20 EUR; 1000 JPY at "0.0061" is 6.10 EUR.
 */
export function convertMinor(amountMinor: bigint, from: string, to: string, rate: string): bigint {
  if (!EXCHANGE_RATE_PATTERN.test(rate)) throw new RangeError(`convertMinor: ${rate} is not an exchange rate`);
  const [whole, fraction = ''] = rate.split('.');
  const rateScaled = BigInt(`${whole}${fraction}`);
  const rateScale = 10n ** BigInt(fraction.length);
  const toScale = 10n ** BigInt(minorDigits(to));
  const fromScale = 10n ** BigInt(minorDigits(from));
  return divideRounded(amountMinor * rateScaled * toScale, rateScale * fromScale);
}

/** The largest amount the API takes, in minor units: far above any salary, still exact as a JSON number. */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;

/** An amount as answers carry it: `{ amountMinor, currency }`, from a bigint column or a number. */
export interface Money {
  amountMinor: number;
  currency: string;
}

export function moneyOf(amountMinor: bigint | number, currency: string): Money {
  return { amountMinor: Number(amountMinor), currency };
}
