/**
 * Day-month dates listed with commas: "4 Dec, 7 Dec off". chrono reads "dec, 7" as one date (December 7) and drops
 * the 4th, so a booking of two days became one of the second alone. The comma after a day-month followed by another
 * day is made a semicolon (the same length, so the places chrono reports stay those of the text) before chrono reads
 * it; "4 December, 2026" keeps its comma (a year follows).
 */

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const LISTED = new RegExp(`\\b(\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}),(?=\\s*\\d{1,2}(?!\\d))`, 'g');

/** `text` with the comma between two listed day-month dates made a semicolon. */
export function splitListedDayMonths(text: string): string {
  return text.replace(LISTED, '$1;');
}
