import { loadConfig } from '../../../config/env';
import { parseCalendarClock } from '../../../config/calendarClock';
import { clockStartingOn, systemClock } from '../../../engines/clock';
import { todayIn } from '../../../engines/leave/dates';

describe('the calendar clock', () => {
  it('is the system clock unless a day is chosen', () => {
    expect(parseCalendarClock({ today: undefined, since: undefined, nodeEnv: undefined })).toBe(systemClock);
    expect(loadConfig({}, '/tmp').clock).toBe(systemClock);
  });

  it('starts at noon UTC of the chosen day and runs at the real pace from the given instant', () => {
    const since = Date.now() - 90_000;
    const clock = clockStartingOn('2028-02-29', since);
    const read = clock.now().getTime();
    // 90 s (and the few ms this test took) after noon of the chosen day.
    expect(read - Date.parse('2028-02-29T12:00:00.000Z')).toBeGreaterThanOrEqual(90_000);
    expect(read - Date.parse('2028-02-29T12:00:00.000Z')).toBeLessThan(90_000 + 60_000);
    for (const zone of ['Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Tokyo']) {
      expect(todayIn(zone, clock.now())).toBe('2028-02-29');
    }
  });

  it('gives every process of a run the same instant when they share SVC_HR_TODAY_SINCE', () => {
    const env = { SVC_HR_TODAY: '2026-12-31', SVC_HR_TODAY_SINCE: String(Date.now() - 5_000) } as NodeJS.ProcessEnv;
    const a = loadConfig(env, '/tmp').clock.now().getTime();
    const b = loadConfig(env, '/tmp').clock.now().getTime();
    expect(Math.abs(a - b)).toBeLessThan(1_000);
    expect(todayIn('Europe/Berlin', new Date(a))).toBe('2026-12-31');
  });

  it.each([
    [{ SVC_HR_TODAY: '2026-12-31', NODE_ENV: 'production' }, 'refused when NODE_ENV=production'],
    [{ SVC_HR_TODAY: '31.12.2026' }, 'must be a real date written YYYY-MM-DD'],
    [{ SVC_HR_TODAY: '2027-02-29' }, 'must be a real date written YYYY-MM-DD'],
    [{ SVC_HR_TODAY: '9999-12-31' }, 'must be between 1900-01-01 and 2199-12-31'],
    [{ SVC_HR_TODAY: '2026-12-31', SVC_HR_TODAY_SINCE: 'yesterday' }, 'SVC_HR_TODAY_SINCE must be a time'],
    [{ SVC_HR_TODAY_SINCE: '1700000000000' }, 'SVC_HR_TODAY_SINCE needs SVC_HR_TODAY'],
  ])('refuses %j with a clear error', (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv, '/tmp')).toThrow(message);
  });
});
