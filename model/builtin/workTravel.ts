/**
 * Travel for work ("I'm travelling for work on Friday", "business trip to London 7-9 Dec", "at a client site
 * tomorrow"): the person works those days, away. With a date and no word of leave, it read as a booking with "work" or
 * "trip" for its reason, confidently wrong. Without a word of leave it is no booking: the rules and the classifier
 * take it, or the model asks what is wanted for those days.
 */

const WORK_TRAVEL =
  /\b(?:business (?:trip|travel)|work trip|(?:travel(?:l?ing)?|away|abroad|flying|going) (?:for|on) (?:work|business)|at (?:a |the )?client(?:'s)? (?:site|office|premises)|client (?:visit|meeting)s?|on site with (?:a |the )?client)\b/;
const LEAVE_ASKED = /\b(?:off|leave|holidays?|vacation|pto|day off|days off|time off|book|request)\b/;

/** Whether the normalised `text` tells of travel for work, asking for no leave. */
export function travelsForWork(text: string): boolean {
  return WORK_TRAVEL.test(text) && !LEAVE_ASKED.test(text);
}
