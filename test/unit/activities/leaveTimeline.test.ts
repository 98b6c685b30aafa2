import { leaveInstants, startOfDay } from '../../../activities/leaveTimeline';

describe('startOfDay', () => {
  it.each([
    ['2026-03-10', 'UTC', '2026-03-10T00:00:00.000Z'],
    ['2026-07-01', 'Europe/Berlin', '2026-06-30T22:00:00.000Z'],
    ['2026-12-01', 'Europe/Berlin', '2026-11-30T23:00:00.000Z'],
    // The days of the daylight-saving changes themselves: the change happens later in the night.
    ['2026-03-29', 'Europe/Berlin', '2026-03-28T23:00:00.000Z'],
    ['2026-10-25', 'Europe/Berlin', '2026-10-24T22:00:00.000Z'],
    ['2026-03-08', 'America/Los_Angeles', '2026-03-08T08:00:00.000Z'],
    ['2026-05-04', 'Asia/Kolkata', '2026-05-03T18:30:00.000Z'],
    ['2026-05-04', 'Pacific/Kiritimati', '2026-05-03T10:00:00.000Z'],
    // Chile moves its clocks at midnight: 2024-09-08 has no 00:00 and begins at 01:00 (UTC-3).
    ['2024-09-08', 'America/Santiago', '2024-09-08T04:00:00.000Z'],
    // ... and 2024-04-07 has 23:00-24:00 of the day before twice; the day itself begins once, at UTC-4.
    ['2024-04-07', 'America/Santiago', '2024-04-07T04:00:00.000Z'],
  ])('puts the start of %s in %s at %s', (date, timeZone, expected) => {
    expect(startOfDay(date, timeZone).toISOString()).toBe(expected);
  });

  it('refuses an unknown time zone', () => {
    expect(() => startOfDay('2026-01-01', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('leaveInstants', () => {
  it('starts a leave at midnight of its first day and ends it at midnight after its last, in the tenant zone', () => {
    const instants = leaveInstants({ startDate: '2026-08-03', endDate: '2026-08-07', timeZone: 'Europe/Berlin' });
    expect(instants.startsAt.toISOString()).toBe('2026-08-02T22:00:00.000Z');
    expect(instants.endsAt.toISOString()).toBe('2026-08-07T22:00:00.000Z');
  });

  it('ends a one-day leave one day after it starts', () => {
    const instants = leaveInstants({ startDate: '2026-02-27', endDate: '2026-02-27', timeZone: 'UTC' });
    expect(instants.endsAt.getTime() - instants.startsAt.getTime()).toBe(86_400_000);
  });

  it('on a test time scale, makes the date at the origin day 0 and each day last dayMs', () => {
    // 23:30 UTC is already the next day in Berlin: 2026-06-02 there is day 0.
    const origin = new Date('2026-06-01T23:30:00.000Z');
    const scale = { dayMs: 2000, origin };
    const instants = leaveInstants(
      { startDate: '2026-06-03', endDate: '2026-06-04', timeZone: 'Europe/Berlin' },
      scale,
    );
    expect(instants.startsAt.getTime() - origin.getTime()).toBe(2000);
    expect(instants.endsAt.getTime() - origin.getTime()).toBe(6000);
  });

  it('on a test time scale, puts a leave that began before the origin in the past', () => {
    const origin = new Date('2026-06-10T12:00:00.000Z');
    const instants = leaveInstants(
      { startDate: '2026-06-08', endDate: '2026-06-10', timeZone: 'UTC' },
      {
        dayMs: 1000,
        origin,
      },
    );
    expect(instants.startsAt.getTime() - origin.getTime()).toBe(-2000);
    expect(instants.endsAt.getTime() - origin.getTime()).toBe(1000);
  });
});
