/**
 * Days said, then taken back in the same message: "Friday off, no wait, Thursday", "book Friday. Sorry, I meant
 * Monday", or days excluded in a form exceptedDays.ts does not read. Every date was read as a day to book, so the
 * very day excluded was booked, or both the day given up and its replacement. Which days are left is for the person
 * to say: the planner asks. ("Next week except Friday" is read there: the stretch without Friday.)
 */

import { takesOutDays } from './exceptedDays';

// An exclusion or a correction standing between two dates of the skeleton (dates are `§n§` there, dateAtoms.ts).
const TAKES_BACK =
  /§\d+§.*\b(?:except(?: for| on)?|apart from|but not|other than|excluding|save for|no,? wait|wait,? no|i meant|i mean|scratch that|make that|or rather|correction|not on)\b.*§\d+§/;

// The exclusion said first: "except Friday, book next week".
const EXCLUDES_FIRST = /^[^§]*\b(?:except(?: for| on)?|apart from|other than|excluding|save for)\b[^§]*§\d+§.*§\d+§/;

/** Whether the date skeleton of a booking takes back some of the days it names. */
export function takesBackDays(skeleton: string): boolean {
  return (TAKES_BACK.test(skeleton) && !takesOutDays(skeleton)) || EXCLUDES_FIRST.test(skeleton);
}

/** The question that asks which days are meant, once some were taken back. */
export const TAKEN_BACK_QUESTION =
  'Which days exactly would you like off? Some of the days you named were taken back, so please list the ones to book.';
