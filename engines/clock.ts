/**
 * The clock of the tenant calendars: what day it is for leave rules (today in a tenant's time zone, this year's
 * balances, short notice, "next Monday" for the agent) and when a leave begins for its workflow's timers.
 * Timestamps (createdAt, decidedAt, token expiry, audit records) keep the system time: only the calendar moves.
 *
 * In production this is the system clock. Tests and demos may start it on a chosen day (`SVC_HR_TODAY`), so that
 * a suite does not pass or fail with the date it happens to run on: every process of one run gets the same start
 * instant (`SVC_HR_TODAY_SINCE`), so they agree on the day to the millisecond.
 */
export interface Clock {
  /** The instant it is now, on the calendar's time line. */
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that read noon UTC of `today` (`YYYY-MM-DD`) at the real instant `since` (epoch ms) and runs at the
 * real pace from there. Noon UTC is the same calendar day from UTC-11 to UTC+11, and stays so for ten hours, so
 * a tenant in Berlin, New York or UTC sees `today` for the whole of a test run.
 */
export function clockStartingOn(today: string, since: number): Clock {
  const offsetMs = Date.parse(`${today}T12:00:00.000Z`) - since;
  return { now: () => new Date(Date.now() + offsetMs) };
}
