import { addDays, isInDateWindow, isIsoDate, type IsoDate } from '../leave/dates';
import { leaveDaysText } from '../leave/leaveSummary';

/**
 * What an approver reads on an action's card: the call in plain words ("Annual leave for Alice Anders, Mon 6 – Fri
 * 10 Dec 2027, 5 working days") rather than the operation's summary. These builders are pure; actionCard.ts looks
 * up the names and counts they take. Never throws: a card with the summary beats no card.
 */

/** A leave as a card names it: whose, which policy, which days, and (when counted) how many working days. */
export interface LeaveFacts {
  /** "Alice Anders", or "you" when the name is unknown. */
  whose: string;
  /** The policy's name as the workspace spells it ("Annual leave"). */
  policy: string;
  start: IsoDate;
  end: IsoDate;
  halfDay?: boolean;
  /** Working days off (weekends and public holidays left out), when counted. */
  workingDays?: number;
  reason?: string;
}

const isDate = (value: unknown): value is IsoDate =>
  typeof value === 'string' && isIsoDate(value) && isInDateWindow(value as IsoDate);

/** The days a booking call asks for (`start_date`/`startDate`, an end or a number of days), when they are valid. */
export function bookedDays(
  args: Record<string, unknown>,
): { start: IsoDate; end: IsoDate; halfDay: boolean } | undefined {
  const start = args.start_date ?? args.startDate;
  if (!isDate(start)) return undefined;
  const endArg = args.end_date ?? args.endDate;
  let end: IsoDate = start;
  if (endArg !== undefined) {
    if (!isDate(endArg) || endArg < start) return undefined;
    end = endArg;
  } else if (args.days !== undefined) {
    if (typeof args.days !== 'number' || !Number.isInteger(args.days) || args.days < 1 || args.days > 366) {
      return undefined;
    }
    end = addDays(start, args.days - 1);
  }
  return { start, end, halfDay: (args.half_day ?? args.halfDay) === true };
}

/** A policy as people name it when the workspace's own name is unknown: "Sick" is "Sick leave", none is annual. */
export function policyAsSaid(value: unknown): string {
  const named = typeof value === 'string' ? value.trim().slice(0, 100) : '';
  if (!named) return 'Annual leave';
  return /\bleave\b/i.test(named) ? named : `${named} leave`;
}

function daysPart(f: LeaveFacts): string {
  const count =
    f.halfDay === true
      ? 'half a day'
      : f.workingDays === undefined
        ? undefined
        : `${f.workingDays} working day${f.workingDays === 1 ? '' : 's'}`;
  return count ? `${leaveDaysText(f.start, f.end)}, ${count}` : leaveDaysText(f.start, f.end);
}

function reasonPart(reason: string | undefined): string {
  const said = reason?.trim().slice(0, 200);
  return said ? ` (reason: ${said})` : '';
}

/** "Annual leave for Alice Anders, Mon 6 – Fri 10 Dec 2027, 5 working days (reason: family trip)". */
export function bookingWords(f: LeaveFacts): string {
  return `${f.policy} for ${f.whose}, ${daysPart(f)}${reasonPart(f.reason)}`;
}

/** "Cancel Alice Anders's annual leave, Mon 22 – Fri 26 Jun 2027, 5 working days". */
export function leaveActionWords(verb: 'Cancel' | 'Approve' | 'Reject', f: LeaveFacts, comment?: unknown): string {
  const whose = f.whose === 'you' ? 'your' : `${f.whose}'s`;
  const said =
    typeof comment === 'string' && comment.trim() ? ` with the comment “${comment.trim().slice(0, 200)}”` : '';
  return `${verb} ${whose} ${f.policy.toLowerCase()}, ${daysPart(f)}${said}`;
}

// Arguments a card never shows: ids say nothing to a person, secrets must not be shown at all.
const HIDDEN = /^ids?$|Ids?$|_ids?$|[Tt]oken|[Ss]ecret|[Pp]assword|^key$|Key$|_key$|[Cc]ursor|[Ii]dempotency/;

function valueWords(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const text = value.replace(/\s+/g, ' ').trim();
    if (!text) return undefined;
    return `“${text.length > 60 ? `${text.slice(0, 59)}…` : text}”`;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    const scalars = value.filter((v) => typeof v === 'string' || typeof v === 'number');
    if (scalars.length === value.length && scalars.length > 0 && scalars.length <= 5) return scalars.join(', ');
    return `${value.length} item${value.length === 1 ? '' : 's'}`;
  }
  return undefined;
}

/** "weekStart" and "start_date" read as "week start" and "start date". */
function argumentName(name: string): string {
  return name
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/**
 * Any other write: its summary and what the call says, argument by argument ("Create a department: name “Data
 * Science”"), leaving out ids and secrets, at most five arguments and about 300 characters.
 */
export function genericWords(
  summary: string,
  args: Record<string, unknown>,
  names: Record<string, string> = {},
): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(args)) {
    if (parts.length >= 5) break;
    if (names[name]) {
      parts.push(`${argumentName(name.replace(/Id$|_id$/, ''))} ${names[name]}`);
      continue;
    }
    if (HIDDEN.test(name)) continue;
    const words = valueWords(value);
    if (words !== undefined) parts.push(`${argumentName(name)} ${words}`);
  }
  const text = parts.length ? `${summary}: ${parts.join(', ')}` : summary;
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/**
 * The card of a call from its arguments alone, without looking anything up: a leave booking in words ("Annual leave
 * for you, Mon 6 – Fri 10 Dec 2027"), anything else as `genericWords`.
 */
export function actionWords(tool: string, args: Record<string, unknown>, summary: string): string {
  if (tool === 'create_leave_request' || tool === 'create_company_leave_request') {
    const days = bookedDays(args);
    if (days) {
      const reason = typeof args.reason === 'string' ? args.reason : undefined;
      const whose = args.employeeId === undefined ? 'you' : 'the employee';
      return bookingWords({ whose, policy: policyAsSaid(args.policy), ...days, reason });
    }
    return summary;
  }
  return genericWords(summary, args);
}
