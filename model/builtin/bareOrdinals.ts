/**
 * Days of the month written as bare ordinals at the ends of a range: "the 9th-11th", "the 9th to 11th", "9th-11th",
 * "4th to the 6th". Only "the 9th" was read as a day, so the range's other end was dropped and the first day alone
 * booked (or the range's end alone, a weekend day asked about). An ordinal is a day when the range says so: before or
 * after a "to" or a dash joining it to another ordinal.
 */

const ORDINAL = '\\d{1,2}(?:st|nd|rd|th)';
const JOIN = '\\s*(?:-|to|until|till|through|thru)\\s*';

/** The day-of-month sources (group 1 the day) of the dateAtoms scan, for the ordinals "the" does not mark. */
export const RANGE_END_ORDINALS: readonly string[] = [
  // The start: "9th" in "9th-11th", "4th to the 6th".
  `\\b(\\d{1,2})(?:st|nd|rd|th)(?=${JOIN}(?:the\\s+)?${ORDINAL}\\b)`,
  // The end: "11th" in "the 9th-11th", "the 9th to 11th".
  `(?<=\\b${ORDINAL}${JOIN})(\\d{1,2})(?:st|nd|rd|th)\\b`,
];
