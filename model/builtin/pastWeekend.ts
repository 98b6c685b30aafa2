/**
 * A weekend that has gone by: "book 12/04/2026 off" said in November reads 12 April 2026, a past Sunday. Calling it
 * only "a weekend day" hid the slip that matters (the day is gone, perhaps a date written the other way round), so
 * the question says it is past first.
 */

import type { IsoDate } from './calendar';

/** The question for weekend-only days `named` (written out), saying they are past when all of `days` are. */
export function weekendQuestion(named: string, days: IsoDate[], today: IsoDate): string {
  const one = days.length === 1;
  if (days.every((day) => day < today)) {
    const was = one ? 'was a weekend day' : 'was a weekend';
    return `${named} is in the past (it ${was}). Which days would you like off?`;
  }
  return `${named} ${one ? 'is a weekend day' : 'is a weekend'}. Which days would you like off?`;
}
