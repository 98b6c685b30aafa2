import { addDays, isInDateWindow, isIsoDate, type IsoDate } from '../leave/dates';
import { leaveDaysText } from '../leave/leaveSummary';

/**
 * What an approver reads on an action's card for a call of our own tools: the call in words, spoken to the person
 * the run acts for ("Request annual leave for you, Mon 6 – Fri 10 Dec 2027"), where the arguments allow it;
 * otherwise the tool's summary. Never throws: a card with the summary beats no card.
 */
export function actionWords(tool: string, args: Record<string, unknown>, summary: string): string {
  if (tool === 'create_leave_request') return leaveRequestWords(args) ?? summary;
  return summary;
}

const isDate = (value: unknown): value is IsoDate =>
  typeof value === 'string' && isIsoDate(value) && isInDateWindow(value as IsoDate);

function leaveRequestWords(args: Record<string, unknown>): string | undefined {
  const start = args.start_date;
  if (!isDate(start)) return undefined;
  let end: IsoDate = start;
  if (args.end_date !== undefined) {
    if (!isDate(args.end_date) || args.end_date < start) return undefined;
    end = args.end_date;
  } else if (args.days !== undefined) {
    if (typeof args.days !== 'number' || !Number.isInteger(args.days) || args.days < 1 || args.days > 366) {
      return undefined;
    }
    end = addDays(start, args.days - 1);
  }
  // A policy is named as people name it ("Sick leave"); without one the engine takes the annual leave policy.
  const named = typeof args.policy === 'string' ? args.policy.trim().slice(0, 100) : '';
  const policy = !named ? 'annual leave' : /\bleave\b/i.test(named) ? named : `${named} leave`;
  const half = args.half_day === true ? ', half a day' : '';
  const reason =
    typeof args.reason === 'string' && args.reason.trim() ? ` (reason: ${args.reason.trim().slice(0, 200)})` : '';
  return `Request ${policy} for you, ${leaveDaysText(start, end)}${half}${reason}`;
}
