import {
  claimAmountMinorOf,
  flagsOf,
  limitOutcome,
  mileageAmountMinor,
  overLimitReason,
  receiptRequired,
  type CategoryRules,
} from '../../../../engines/expenses/expenseLineRules';

const taxi: CategoryRules = {
  name: 'Taxi',
  currency: 'EUR',
  limitMinor: 10_000n,
  limitAction: 'refuse',
  receiptRequiredAboveMinor: 5_000n,
  mileageRateMinor: null,
};
const meals: CategoryRules = { ...taxi, name: 'Meals', limitMinor: 6_000n, limitAction: 'flag' };
const line = (amountMinor: bigint, currency: string, claimAmountMinor = amountMinor) => ({
  amountMinor,
  currency,
  claimAmountMinor,
});

describe('expense line arithmetic', () => {
  it.each([
    // tenths of a km, rate per km (minor units), amount: by hand
    [1234, 30n, 3702n], // 123.4 km × 0.30 = 37.02
    [1, 30n, 3n], // 0.1 km × 0.30 = 0.03
    [125, 33n, 413n], // 12.5 km × 0.33 = 4.125, rounded half away from zero once: 4.13
    [124, 33n, 409n], // 12.4 km × 0.33 = 4.092: 4.09
    [1_000_000, 42n, 4_200_000n], // 100 000 km × 0.42 = 42 000.00
  ])('a mileage line of %i tenths of a km at %i per km claims %i', (tenths, rate, expected) => {
    expect(mileageAmountMinor(tenths, rate)).toBe(expected);
  });

  it.each([
    // amount, its currency, the claim's, the rate, what it claims: by hand
    [4250n, 'EUR', 'EUR', null, 4250n], // same currency: the amount itself
    [10_000n, 'USD', 'EUR', '0.92', 9200n], // 100.00 USD at 0.92 = 92.00 EUR
    [4250n, 'GBP', 'EUR', '1.1734', 4987n], // 42.50 GBP at 1.1734 = 49.8695 EUR: 49.87
    [1000n, 'JPY', 'EUR', '0.0061', 610n], // 1000 JPY (no minor unit) at 0.0061 = 6.10 EUR
    [610n, 'EUR', 'JPY', '163.93', 1000n], // 6.10 EUR at 163.93 = 999.973 JPY: 1000
    [1n, 'JPY', 'EUR', '0.0061', 1n], // 1 JPY = 0.0061 EUR = 0.61 cents: 1 cent
  ])('%i %s on a claim in %s at %s claims %i', (amount, currency, claimCurrency, rate, expected) => {
    expect(claimAmountMinorOf(amount, currency, claimCurrency, rate)).toBe(expected);
  });

  it('refuses to convert without a rate', () => {
    expect(() => claimAmountMinorOf(100n, 'USD', 'EUR', null)).toThrow(RangeError);
  });
});

describe('a line against its category', () => {
  it.each([
    ['at the limit', line(10_000n, 'EUR'), 'EUR', { kind: 'within' }],
    ['one cent above', line(10_001n, 'EUR'), 'EUR', { kind: 'over', action: 'refuse' }],
    // Paid in the category's currency: measured on what was paid, whatever the claim's currency.
    ['paid in EUR on a GBP claim', line(12_000n, 'EUR', 10_300n), 'GBP', { kind: 'over', action: 'refuse' }],
    // Paid in USD on a EUR claim: measured on what it claims in EUR.
    ['paid in USD on a EUR claim', line(11_000n, 'USD', 10_120n), 'EUR', { kind: 'over', action: 'refuse' }],
    ['paid in USD, 99.36 EUR claimed', line(10_800n, 'USD', 9_936n), 'EUR', { kind: 'within' }],
    // Neither in the category's currency: no rate to measure it by.
    ['paid in USD on a GBP claim', line(20_000n, 'USD', 15_000n), 'GBP', { kind: 'not_comparable' }],
  ])('%s', (_label, amounts, claimCurrency, expected) => {
    expect(limitOutcome(amounts, claimCurrency, taxi)).toMatchObject(expected);
  });

  it('flags a line above a flagging limit, or one it cannot measure; a refused one never gets that far', () => {
    expect(flagsOf(limitOutcome(line(6_001n, 'EUR'), 'EUR', meals))).toEqual(['over_limit']);
    expect(flagsOf(limitOutcome(line(6_000n, 'EUR'), 'EUR', meals))).toEqual([]);
    expect(flagsOf(limitOutcome(line(100n, 'USD', 90n), 'GBP', meals))).toEqual(['limit_in_other_currency']);
    expect(flagsOf(limitOutcome(line(99n, 'EUR'), 'EUR', { ...meals, limitMinor: null }))).toEqual([]);
  });

  it('says why a line is above its limit, in the category’s currency', () => {
    const outcome = limitOutcome(line(12_050n, 'EUR'), 'EUR', taxi);
    expect(outcome.kind === 'over' && overLimitReason(outcome, taxi)).toBe(
      '120.50 EUR is above the Taxi limit of 100.00 EUR per line',
    );
  });

  it.each([
    ['at the threshold', false, line(5_000n, 'EUR'), 'EUR', taxi],
    ['above the threshold', true, line(5_001n, 'EUR'), 'EUR', taxi],
    ['above it once converted', true, line(5_500n, 'USD', 5_060n), 'EUR', taxi],
    ['below it once converted', false, line(5_400n, 'USD', 4_968n), 'EUR', taxi],
    ['in no currency it can be measured in', true, line(100n, 'USD', 80n), 'GBP', taxi],
    ['without a threshold', false, line(99_999n, 'EUR'), 'EUR', { ...taxi, receiptRequiredAboveMinor: null }],
    ['with a threshold of 0 (always)', true, line(1n, 'EUR'), 'EUR', { ...taxi, receiptRequiredAboveMinor: 0n }],
  ])('a line %s needs a receipt: %s', (_label, expected, amounts, claimCurrency, category) => {
    expect(receiptRequired(amounts, claimCurrency, category)).toBe(expected);
  });
});
