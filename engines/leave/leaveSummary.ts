import type { IsoDate } from './dates';

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function partsOf(date: IsoDate) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return {
    year,
    month: months[month - 1]!,
    day,
    weekday: weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!,
  };
}

/**
 * A leave's days as a person reads them, saying the month and the year once where both ends share them:
 * "Mon 6 Dec 2027", "Mon 6 – Fri 10 Dec 2027", "Mon 29 Nov – Fri 3 Dec 2027", "Fri 31 Dec 2027 – Mon 3 Jan 2028".
 */
export function leaveDaysText(startDate: IsoDate, endDate: IsoDate): string {
  const start = partsOf(startDate);
  const end = partsOf(endDate);
  const last = `${end.weekday} ${end.day} ${end.month} ${end.year}`;
  if (startDate === endDate) return last;
  if (start.year !== end.year) return `${start.weekday} ${start.day} ${start.month} ${start.year} – ${last}`;
  if (start.month !== end.month) return `${start.weekday} ${start.day} ${start.month} – ${last}`;
  return `${start.weekday} ${start.day} – ${last}`;
}

/**
 * One leave request in words, for the operators' view of its workflows (Temporal's summary): who, which leave,
 * which days. "Alice Anders, Annual leave, Mon 6 – Fri 10 Dec 2027 (5 working days)".
 */
export function leaveSummary(request: {
  employeeName: string;
  policyName: string;
  startDate: IsoDate;
  endDate: IsoDate;
  halfDay: boolean;
  totalDays: number;
}): string {
  const days = request.halfDay ? 'half a day' : `${request.totalDays} working day${request.totalDays === 1 ? '' : 's'}`;
  return `${request.employeeName}, ${request.policyName}, ${leaveDaysText(request.startDate, request.endDate)} (${days})`;
}
