/**
 * Intl.DateTimeFormat instances of a time zone, made once per zone and kept (the leave engine, its timeline, the
 * built-in model's wall-clock times). Making one costs tens of microseconds (it loads the zone's rules and the
 * locale's patterns), about a hundred times one use of it; "today in the tenant's zone" is asked several times per
 * request and per workflow activity. Bounded: a zone the runtime does not know throws in the constructor and is
 * never kept, so the maps hold at most the runtime's IANA zones.
 */

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const secondFormatters = new Map<string, Intl.DateTimeFormat>();

/** en-US year, month and day (2-digit month and day) in `timeZone`. Throws RangeError for an unknown zone. */
export function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** en-US date and 24-hour time to the second in `timeZone`. Throws RangeError for an unknown zone. */
export function secondFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = secondFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    secondFormatters.set(timeZone, formatter);
  }
  return formatter;
}
