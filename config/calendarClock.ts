import { clockStartingOn, systemClock, type Clock } from '../engines/clock';
import { dateWindowMessage, isInDateWindow, isIsoDate } from '../engines/leave/dates';

/**
 * The calendar clock of a process (engines/clock.ts) from `SVC_HR_TODAY` and `SVC_HR_TODAY_SINCE`: the system
 * clock unless a day is given. A chosen day is for tests and demos only: with `NODE_ENV=production` it is refused,
 * so a stray variable cannot move a real workspace's calendar. Answers the clock, or the message of what is wrong.
 */
export function parseCalendarClock(env: {
  today: string | undefined;
  since: string | undefined;
  nodeEnv: string | undefined;
}): Clock | { error: string } {
  if (env.today === undefined) {
    return env.since === undefined ? systemClock : { error: 'SVC_HR_TODAY_SINCE needs SVC_HR_TODAY' };
  }
  if (env.nodeEnv === 'production') {
    return { error: 'SVC_HR_TODAY is for tests and demos and is refused when NODE_ENV=production' };
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(env.today) || !isIsoDate(env.today)) {
    return { error: 'SVC_HR_TODAY must be a real date written YYYY-MM-DD' };
  }
  if (!isInDateWindow(env.today)) return { error: `SVC_HR_TODAY ${dateWindowMessage}` };
  const since = env.since === undefined ? Date.now() : Number(env.since);
  if (!Number.isSafeInteger(since) || since < 0) {
    return { error: 'SVC_HR_TODAY_SINCE must be a time in milliseconds since 1970 (Date.now())' };
  }
  return clockStartingOn(env.today, since);
}
