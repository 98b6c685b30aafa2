/**
 * Days said, then taken back in the same message: "next week off except Friday", "Monday to Friday apart from
 * Wednesday", "Friday off, no wait, Thursday", "book Friday. Sorry, I meant Monday". Every date was read as a day to
 * book, so the very day excluded was booked, or both the day given up and its replacement. Which days are left is
 * for the person to say: the planner asks.
 */

// An exclusion or a correction standing between two dates of the skeleton (dates are `§n§` there, dateAtoms.ts).
const TAKES_BACK =
  /§\d+§.*\b(?:except(?: for| on)?|apart from|but not|other than|excluding|save for|no,? wait|wait,? no|i meant|i mean|scratch that|make that|or rather|correction|not on)\b.*§\d+§/;

/** Whether the date skeleton of a booking takes back some of the days it names. */
export function takesBackDays(skeleton: string): boolean {
  return TAKES_BACK.test(skeleton);
}

/** The question that asks which days are meant, once some were taken back. */
export const TAKEN_BACK_QUESTION =
  'Which days exactly would you like off? Some of the days you named were taken back, so please list the ones to book.';
