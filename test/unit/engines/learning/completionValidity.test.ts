import { validUntil } from '../../../../engines/learning/completionValidity';

describe('how long a completion is valid', () => {
  it.each([
    // completed at (UTC), months, time zone, valid until
    ['2026-11-23T10:00:00.000Z', 12, 'Europe/Berlin', '2027-11-23'],
    ['2026-11-23T10:00:00.000Z', 1, 'Europe/Berlin', '2026-12-23'],
    ['2026-12-15T10:00:00.000Z', 1, 'UTC', '2027-01-15'],
    // The month's last day where it has no such day, as PostgreSQL's date + interval reads it.
    ['2027-01-31T10:00:00.000Z', 1, 'UTC', '2027-02-28'],
    ['2028-01-31T10:00:00.000Z', 1, 'UTC', '2028-02-29'],
    ['2028-02-29T10:00:00.000Z', 12, 'UTC', '2029-02-28'],
    ['2026-08-31T10:00:00.000Z', 25, 'UTC', '2028-09-30'],
    // The day is the tenant's: late evening in New York is the next day in UTC.
    ['2026-11-24T03:00:00.000Z', 1, 'America/New_York', '2026-12-23'],
    ['2026-11-23T23:30:00.000Z', 1, 'Europe/Berlin', '2026-12-24'],
  ])('completed %s, valid %i months in %s: until %s', (at, months, zone, expected) => {
    expect(validUntil(new Date(at), months, zone)).toBe(expected);
  });

  it('is valid for ever without validityMonths', () => {
    expect(validUntil(new Date('2026-11-23T10:00:00.000Z'), null, 'UTC')).toBeNull();
  });
});
