import { addDays, type IsoDate } from '../leave/dates';

/**
 * The days of a review cycle's process (workflow `review-cycle/...`), pure date math: its reviews open when
 * `opensOn` begins, reviewers of reviews still open are reminded once when the day REMIND_DAYS_BEFORE_CLOSE days
 * before the close begins, and the cycle closes when the day after `closesOn` begins (all in the tenant's calendar).
 */

/** The reminder comes this many days before the cycle closes: three days to finish. */
export const REMIND_DAYS_BEFORE_CLOSE = 3;

export interface CycleTimeline {
  opensOn: IsoDate;
  /** The day the reminder goes out; null when the cycle is too short for one (its opening notice is the reminder). */
  remindOn: IsoDate | null;
  /** The day at whose start the cycle closes: the day after `closesOn`. */
  closesAt: IsoDate;
}

export function cycleTimeline(opensOn: IsoDate, closesOn: IsoDate): CycleTimeline {
  const closesAt = addDays(closesOn, 1);
  const remindOn = addDays(closesAt, -REMIND_DAYS_BEFORE_CLOSE);
  return { opensOn, remindOn: remindOn > opensOn ? remindOn : null, closesAt };
}
