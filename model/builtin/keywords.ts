/**
 * A tiny typo-tolerant keyword matcher. People type "wendesday", "tommorow" and "holliday"; the parser's patterns
 * are written for the right spelling, so every word the model cares about is first corrected to its vocabulary
 * spelling. Short words are left alone: at four letters or fewer one edit turns a word into another real word.
 */

import { MONTH_NAMES, WEEKDAY_NAMES } from './calendar';

/**
 * The words the model reads. Real words that sit one edit away from a keyword are listed too ("approver",
 * "approval", "leaving"), so that they match themselves exactly instead of being "corrected" into the keyword.
 */
export const VOCABULARY: readonly string[] = [
  ...WEEKDAY_NAMES,
  ...MONTH_NAMES,
  'today',
  'tomorrow',
  'yesterday',
  'leave',
  'leaves',
  'leaving',
  'holiday',
  'holidays',
  'vacation',
  'vacations',
  'annual',
  'unpaid',
  'parental',
  'maternity',
  'paternity',
  'balance',
  'balances',
  'allowance',
  'entitlement',
  'remaining',
  // a real word one edit from "remaining"
  'emailing',
  'request',
  'requests',
  'requested',
  'approve',
  'approved',
  'approver',
  'approval',
  'approvals',
  'reject',
  'rejected',
  'decline',
  'declined',
  'cancel',
  'cancelled',
  'canceled',
  'pending',
  'report',
  'reports',
  'untaken',
  'unused',
  'afternoon',
  'morning',
  'weeks',
  'month',
  'months',
  'team',
  'completed',
  'progress',
  'employee',
  'employees',
  'please',
  'whose',
  'though',
  'while',
  'starting',
  'until',
  'between',
  'through',
  'policy',
  'policies',
  'working',
  'calendar',
  'whole',
  'booked',
  'bookings',
  'schedule',
  // Moving a request is not booking one (moveLeave.ts): "reschedule" is no typo of "schedule".
  'reschedule',
  'absence',
  'absences',
  // The company API's requests (companyIntents.ts): "ending" would otherwise become "pending".
  'ending',
  'clock',
  'break',
  'payslip',
  'payslips',
  'expense',
  'expenses',
  'mileage',
  'abroad',
  // Everyday words one edit from a keyword, which must stay themselves: "in mourning" is no morning (a half day),
  // "cancer treatment" no cancel, "spending" no pending, "looked" no booking.
  ...'mourning cancer police bread brake block click resort spending sending lending'.split(' '),
  ...'bending tending mending looked cooked hooked improved staring whale broad expanse'.split(' '),
  ...'expensive employer ejected declared wording'.split(' '),
];

const vocabularySet = new Set(VOCABULARY);

/** How many edits a word of this length may carry and still match: 0 below 5 letters, 1 below 8, else 2. */
export function tolerance(length: number): number {
  if (length < 5) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * Edit distance with adjacent transpositions counted as one edit (optimal string alignment), because the
 * commonest typos swap two letters ("thrusday"). Stops early and answers `max + 1` once the distance exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, previous2[j - 2]! + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The vocabulary word `word` stands for: itself when known, else the nearest word within the tolerance of its
 * length (ties go to the word listed first, so the answer never depends on anything but the input), else undefined.
 */
export function closestWord(word: string, vocabulary: readonly string[] = VOCABULARY): string | undefined {
  if (vocabulary === VOCABULARY ? vocabularySet.has(word) : vocabulary.includes(word)) return word;
  const max = tolerance(word.length);
  if (max === 0) return undefined;
  let best: string | undefined;
  let bestDistance = max + 1;
  for (const candidate of vocabulary) {
    const distance = editDistance(word, candidate, max);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Short words too near other words for the edit distance (four letters or fewer), and common shorthand: the usual
 * misspellings and abbreviations of the words a leave request needs.
 */
const SHORT_TYPOS: Readonly<Record<string, string>> = {
  bok: 'book',
  boook: 'book',
  dya: 'day',
  dyas: 'days',
  wk: 'week',
  wks: 'weeks',
  weks: 'weeks',
  sik: 'sick',
  sck: 'sick',
  hlf: 'half',
  hafl: 'half',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  nxt: 'next',
  plz: 'please',
  hols: 'holidays',
  vacay: 'vacation',
  unpayed: 'unpaid',
  mny: 'many',
  tody: 'today',
  leve: 'leave',
  hlaf: 'half',
  leav: 'leave',
  laeve: 'leave',
  tdy: 'today',
  hav: 'have',
  hw: 'how',
  dys: 'days',
  stil: 'still',
  lft: 'left',
};

/** Rewrites each word of `text` (lowercase letters only) to its vocabulary spelling when it is a near miss. */
export function correctTypos(text: string): string {
  return text.replace(/[a-z]+/g, (word) => SHORT_TYPOS[word] ?? closestWord(word) ?? word);
}

/**
 * The text the parser reads: lowercase, typographic quotes and dashes made plain, spaces collapsed, typos corrected.
 * "Half-day" stays hyphenated; "4–6 May" becomes "4-6 may".
 */
export function normalise(text: string): string {
  return (
    correctTypos(lowerPlain(text).replace(/\s+/g, ' ').trim())
      .replace(/\b(?:a\s+)?fortnight\b/g, '2 weeks')
      // "The 2nd half of December" is no 2 December: the month's half, in words like "the second half of December".
      .replace(/\b1st half of\b/g, 'first half of')
      .replace(/\b2nd half of\b/g, 'second half of')
      .replace(/\b(time|days?) of\b(?=\s+(?:on|tomorrow|today|next|this|from|for|in)\b|\s*$)/g, '$1 off')
  );
}

/** Lowercase with plain quotes and dashes, character for character, so positions still match the original. */
export function lowerPlain(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u00b4`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-');
}

/** `phrase` (found in the normalised text) as the user wrote it, when it can be found in `original` unchanged. */
export function asWritten(phrase: string, original: string): string {
  const index = lowerPlain(original).indexOf(phrase);
  return index >= 0 && original.length === lowerPlain(original).length
    ? original.slice(index, index + phrase.length)
    : phrase;
}
