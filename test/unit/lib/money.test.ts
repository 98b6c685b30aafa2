import { convertMinor, divideRounded, formatMoney, isCurrencyCode, minorDigits } from '../../../lib/money/money';

describe('money in minor units', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [0n, 7n, 0n],
    [247_500_000_000n, 12_480_000n, 19_832n],
  ])('divides %p by %p rounding half away from zero: %p', (n, d, expected) => {
    expect(divideRounded(n, d)).toBe(expected);
  });

  it('knows currencies and their minor units', () => {
    expect([isCurrencyCode('EUR'), isCurrencyCode('eur'), isCurrencyCode('XYZ'), isCurrencyCode('EURO')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([minorDigits('EUR'), minorDigits('JPY'), minorDigits('BHD')]).toEqual([2, 0, 3]);
  });

  it.each([
    [4_250n, 'EUR', '42.50 EUR'],
    [-1_200n, 'JPY', '-1200 JPY'],
    [5n, 'EUR', '0.05 EUR'],
    [1_234_567n, 'BHD', '1234.567 BHD'],
  ])('writes %p %s as %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });

  it.each([
    // 10.00 USD at 0.92 = 9.20 EUR
    [1_000n, 'USD', 'EUR', '0.92', 920n],
    // 1000 JPY at 0.0061 = 6.10 EUR
    [1_000n, 'JPY', 'EUR', '0.0061', 610n],
    // 33.33 GBP at 1.1713 = 39.039... EUR → 39.04
    [3_333n, 'GBP', 'EUR', '1.1713', 3_904n],
    // 10.00 EUR at 157.5 = 1575 JPY
    [1_000n, 'EUR', 'JPY', '157.5', 1_575n],
  ])('converts %p %s into %s at %s: %p', (amount, from, to, rate, expected) => {
    expect(convertMinor(amount, from, to, rate)).toBe(expected);
  });

  it('refuses a rate that is not a positive decimal', () => {
    for (const rate of ['0', '0.0', '-1', '1e3', '1.123456789', 'abc'])
      expect(() => convertMinor(1n, 'EUR', 'USD', rate)).toThrow();
  });
});
