/**
 * Leave asked in hours ("4 hours off on Friday", "2 hours off tomorrow for the dentist"). Leave is taken in whole or
 * half days, so a booking that names hours is asked about (the whole day, or half of it) like one naming a time of
 * day, never booked as a whole day unasked.
 */

const HOURS_OFF =
  /\b\d+(?:[.,]\d+)?\s*(?:h|hrs?|hours?)\b|\b(?:an?|one|two|three|four|five|six|few|couple of) hours?\b/;

/** Whether the normalised booking `text` counts its time off in hours. */
export function countsHours(text: string): boolean {
  return HOURS_OFF.test(text);
}
