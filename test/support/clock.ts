import { clockStartingOn, type Clock } from '../../engines/clock';

/**
 * The day the tests run on, whatever the real date: the suites never read the system calendar. globalSetup fixes
 * it for a run (`SVC_HR_TODAY`, default below, and the instant it started, `SVC_HR_TODAY_SINCE`), jest's workers
 * and every process a test spawns inherit both, and the date matrix (scripts/test.js) runs the date-sensitive
 * suites again on the days that once broke them: around the year end, a leap day, midsummer.
 */
export const defaultTestToday = '2026-11-23';

let since: number | undefined;

/** `SVC_HR_TODAY` and `SVC_HR_TODAY_SINCE` of this run, for a test configuration or a spawned process. */
export function testCalendarEnv(): { SVC_HR_TODAY: string; SVC_HR_TODAY_SINCE: string } {
  since ??= Number(process.env.SVC_HR_TODAY_SINCE ?? Date.now());
  return { SVC_HR_TODAY: process.env.SVC_HR_TODAY ?? defaultTestToday, SVC_HR_TODAY_SINCE: String(since) };
}

/** The tests' calendar clock: the same instant as the API and workers under test read. */
export function testClock(): Clock {
  const env = testCalendarEnv();
  return clockStartingOn(env.SVC_HR_TODAY, Number(env.SVC_HR_TODAY_SINCE));
}
