import { findAmount, findDistance, toMinorUnits } from '../../../model/builtin/amounts';
import { findBreakMinutes, findWorkedTimes } from '../../../model/builtin/clockTimes';
import { findPayPeriod } from '../../../model/builtin/payPeriods';
import { localTime, zonedInstant } from '../../../model/builtin/zonedTime';

/** The built-in model's readers of the company requests' slots: wall-clock times, amounts, pay periods. */
describe('wall-clock times in the tenant time zone', () => {
  it.each([
    ['2026-11-24', 9 * 60, 'Europe/Paris', '2026-11-24T08:00:00.000Z'],
    ['2027-06-14', 9 * 60, 'Europe/Paris', '2027-06-14T07:00:00.000Z'],
    ['2026-11-24', 8 * 60, 'America/New_York', '2026-11-24T13:00:00.000Z'],
    ['2026-11-24', 9 * 60, 'Asia/Kolkata', '2026-11-24T03:30:00.000Z'],
    ['2026-11-21', 30 * 60, 'Europe/Paris', '2026-11-22T05:00:00.000Z'],
    // 02:30 does not exist on 28 March 2027 in Paris: the clock shows 03:30 then.
    ['2027-03-28', 150, 'Europe/Paris', '2027-03-28T01:30:00.000Z'],
    // 02:30 happens twice on 25 October 2026: the first one (still summer time).
    ['2026-10-25', 150, 'Europe/Paris', '2026-10-25T00:30:00.000Z'],
  ])('%s at minute %i in %s is %s', (date, minutes, zone, instant) => {
    expect(zonedInstant(date, minutes, zone)).toBe(instant);
  });

  it('reads an instant back on the wall clock', () => {
    expect(localTime('2027-03-28T01:30:00.000Z', 'Europe/Paris')).toBe('03:30');
    expect(localTime('2026-11-25T08:02:00.000Z', 'Europe/Paris')).toBe('09:02');
  });
});

describe('times of day and breaks', () => {
  it.each([
    ['worked 9 to 5', 540, 1020],
    ['9am-5:30pm', 540, 1050],
    ['from 8 to 16', 480, 960],
    ['between 8.30 and 17h', 510, 1020],
    ['1-5pm', 780, 1020],
    ['12pm to 8pm', 720, 1200],
    ['22:00 to 06:00', 1320, 1800],
    ['in at 8 and out at 4', 480, 960],
  ])('"%s" is %i to %i minutes', (text, start, end) => {
    expect(findWorkedTimes(text)?.times).toEqual({ start, end });
  });

  it.each(['3 to 14 march', 'book 2-3 december', '2027-05-04', 'for 3 to 5 days', '25:00 to 26:00'])(
    'reads no times in "%s"',
    (text) => {
      expect(findWorkedTimes(text)).toBeUndefined();
    },
  );

  it.each([
    ['with a 30 minute break', 30],
    ['an hour lunch break', 60],
    ['half an hour break', 30],
    ['break of 45 min', 45],
    ['1.5 hour break', 90],
  ])('"%s" is a break of %i minutes', (text, minutes) => {
    expect(findBreakMinutes(text)?.minutes).toBe(minutes);
  });
});

describe('amounts, in minor units of their currency', () => {
  it.each([
    ['42.50 eur', '42.50 EUR', 4250, 'EUR'],
    ['€18,90', '€18,90', 1890, 'EUR'],
    ['$35', '$35', 3500, 'USD'],
    ['12 euros', '12 euros', 1200, 'EUR'],
    ['1,200.50 usd', '1,200.50 USD', 120050, 'USD'],
    ['1.200,50 €', '1.200,50 €', 120050, 'EUR'],
    ['1500 jpy', '1500 JPY', 1500, 'JPY'],
    ['12.345 bhd', '12.345 BHD', 12345, 'BHD'],
    ['chf 50', 'CHF 50', 5000, 'CHF'],
    ['42 thb', '42 THB', 4200, 'THB'],
  ])('"%s" is %i %s', (text, message, minor, currency) => {
    const found = findAmount(text, message)!.amount;
    expect({ minor: toMinorUnits(found.value, found.currency!), currency: found.currency }).toEqual({
      minor,
      currency,
    });
  });

  it('reads no currency in words that only look like codes, unless written as one', () => {
    expect(findAmount('12 top ones', '12 top ones')).toBeUndefined();
    expect(findAmount('claim 12 for lunch', 'claim 12 for lunch')).toBeUndefined();
  });

  it('refuses more decimals than the currency has, and nothing', () => {
    expect(toMinorUnits('12.345', 'EUR')).toBeUndefined();
    expect(toMinorUnits('12.5', 'JPY')).toBeUndefined();
    expect(toMinorUnits('0', 'EUR')).toBeUndefined();
    expect(toMinorUnits('12.50', 'EUR')).toBe(1250);
  });

  it('reads distances in km to a tenth, miles converted', () => {
    expect(findDistance('30 km mileage')?.km).toBe(30);
    expect(findDistance('drove 20 miles')?.km).toBe(32.2);
    expect(findDistance('12,5 kilometres')?.km).toBe(12.5);
  });
});

describe('pay periods look back', () => {
  it.each([
    ['payslip for october', '2026-11-25', '2026-10'],
    ['payslip for october', '2027-03-01', '2026-10'],
    ['payslip for november', '2026-11-25', '2026-11'],
    ['payslip for december', '2026-11-25', '2025-12'],
    ['payslip for last month', '2027-01-10', '2026-12'],
    ['payslip october 2025', '2026-11-25', '2025-10'],
    ['2024 march payslip', '2026-11-25', '2024-03'],
    ['payslip 2026-09', '2026-11-25', '2026-09'],
    ['payslip 09/2026', '2026-11-25', '2026-09'],
    ['may i see my payslip', '2026-11-25', undefined],
  ])('"%s" on %s is %s', (text, today, period) => {
    expect(findPayPeriod(text, today)).toBe(period);
  });
});
