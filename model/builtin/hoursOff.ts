/**
 * Leave asked in hours ("4 hours off on Friday", "2 hours off tomorrow for the dentist") or by a time one leaves
 * ("leave early on Friday"). Leave is taken in whole or half days, so a booking that names hours is asked about (the
 * whole day, or half of it) like one naming a time of day, never booked as a whole day unasked.
 */

const HOURS_OFF =
  /\b\d+(?:[.,]\d+)?\s*(?:h|hrs?|hours?)\b|\b(?:an?|one|two|three|four|five|six|few|couple of) hours?\b/;

// Part of a day said by when one leaves or arrives ("I'd like to leave early on Friday", "leaving at noon tomorrow",
// "in late on Monday"): also no whole day, so asked about the same way. "Leave" as a verb only: not "leave early May".
const PART_OF_DAY =
  /\b(?:(?:to|i|i'll|will|must|can|could|should)\s+leave|leaving|head(?:ing)? off|finish(?:ing)?|go(?:ing)? home)\s+(?:work\s+)?(?:early|at (?:noon|lunch(?:time)?|midday|\d{1,2}(?::\d{2})?)|before (?:noon|lunch|\d{1,2}))\b|\b(?:come|coming|be|get|getting|arrive|arriving|start|starting) in late\b/;

// "A long lunch on Friday": an hour or two, not a day.
const LONG_LUNCH = /\b(?:long|longer|extended|late) lunch\b/;

/** Whether the normalised booking `text` counts its time off in hours, or says a part of a day by a time. */
export function countsHours(text: string): boolean {
  return HOURS_OFF.test(text) || PART_OF_DAY.test(text) || LONG_LUNCH.test(text);
}
