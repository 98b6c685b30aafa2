/**
 * A count of days with a half in it: "2 and a half days from Monday", "a day and a half", "1.5 days". A request is
 * whole days, or one half day on its own, and no such count was read: the half made one half day of it, or the count
 * fell to a whole day. The person says which days are whole and which is the half: the planner asks.
 */

const FRACTIONAL_DAYS =
  /\b(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten)\s+and\s+a\s+half\s+days?\b|\b(?:a|one)\s+day\s+and\s+a\s+half\b|\b[1-9]\d*[.,]5\s*days?\b/;

/** Whether the normalised `text` counts days with a half in them. */
export function countsFractionalDays(text: string): boolean {
  return FRACTIONAL_DAYS.test(text);
}

/** The question for a count with a half: which whole days, then which half day. */
export const FRACTIONAL_DAYS_QUESTION =
  'I book whole days, or a half day on its own: which whole days would you like off? Then tell me the day for the half day, and I will book it separately.';
