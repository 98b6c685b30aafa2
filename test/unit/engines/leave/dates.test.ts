import { AppError } from '../../../../engines/appError';
import { addDays, daysBetween, dayOfWeek, isIsoDate, parseIsoDate, todayIn } from '../../../../engines/leave/dates';

describe('leave dates', () => {
  it.each([
    ['2026-03-02', true],
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2100-02-29', false],
    ['2000-02-29', true],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-5', false],
    ['05/01/2026', false],
    ['2026-03-02T00:00:00Z', false],
    ['', false],
  ])('accepts %s as a real YYYY-MM-DD date: %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it('takes dates from 1900-01-01 to 2199-12-31 and names the field of any other', () => {
    expect(parseIsoDate('start_date', '1900-01-01')).toBe('1900-01-01');
    expect(parseIsoDate('start_date', '2199-12-31')).toBe('2199-12-31');
    for (const date of ['1899-12-31', '2200-01-01', '9999-12-31', '0001-01-01']) {
      expect(() => parseIsoDate('start_date', date)).toThrow('start_date: must be between 1900-01-01 and 2199-12-31');
    }
  });

  it('names the field when a date is malformed or not real', () => {
    expect(() => parseIsoDate('start_date', '2026/03/02')).toThrow('start_date: must be a date written YYYY-MM-DD');
    expect(() => parseIsoDate('end_date', '2027-02-29')).toThrow('end_date: 2027-02-29 is not a real date');
    try {
      parseIsoDate('end_date', 'x');
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('validation_error');
    }
  });

  it.each([
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-03-02', 30, '2026-04-01'],
  ])('moves %s by %i days to %s', (from, days, to) => {
    expect(addDays(from, days)).toBe(to);
    expect(daysBetween(from, to)).toBe(days);
  });

  it('knows the day of the week (2026-03-02 is a Monday, 2028-02-29 a Tuesday)', () => {
    expect(dayOfWeek('2026-03-02')).toBe(1);
    expect(dayOfWeek('2028-02-29')).toBe(2);
  });

  it("reads today in the tenant's time zone, not the server's", () => {
    const lateEvening = new Date('2026-12-31T23:30:00.000Z');
    expect(todayIn('UTC', lateEvening)).toBe('2026-12-31');
    expect(todayIn('Europe/Berlin', lateEvening)).toBe('2027-01-01');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-12-31');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-06-30T10:30:00.000Z'))).toBe('2026-07-01');
  });
});
