/**
 * A number of hours logged for a day ("log 8 hours for Monday", "record 7.5h yesterday", "I worked 8 hours on
 * Monday"): time worked, to post as a time entry (whose start and finish are then asked), not a timesheet to submit
 * nor leave to book. Hours off ("book 4 hours off", "2 hours of leave") stay leave.
 */

const HOURS = String.raw`\d+(?:[.,]\d+)?\s*(?:h|hrs?|hours?)\b`;
const LOGS_HOURS = new RegExp(
  String.raw`^(?:please |can you |could you )?(?:log|record|enter|add|put|fill in|fill out|track)\b.*\b${HOURS}|\bi (?:worked|did|put in)\s+${HOURS}`,
);
const NOT_WORK = /\b(?:off|leave|holidays?|vacation|sick|absent|absence|overtime)\b/;

/** Whether the normalised `text` logs a number of hours worked. */
export function logsHoursWorked(text: string): boolean {
  return LOGS_HOURS.test(text) && !NOT_WORK.test(text);
}
