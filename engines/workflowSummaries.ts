import type { PrismaClient } from '../db/prismaClient';
import { fromDbDate, todayIn, type IsoDate } from './leave/dates';
import { leaveDaysText } from './leave/leaveSummary';

/**
 * What the operators' view of a workflow (the Temporal UI, `temporal workflow describe`) says of it from its start:
 * a summary in words, with the person's name and the dates (docs/operations.md), and the status of the record it
 * follows for the `SvcHrStatus` search attribute, spelled as the workflow itself publishes it later (docs/temporal.md).
 * The Temporal ports (temporal/ports/) read these at start when they are given the database; each reader is one
 * short query, and a record that is gone answers undefined (the port then says the id).
 *
 * Summaries name people and dates, never amounts or free text beyond a label: anyone who operates Temporal reads them.
 */
export interface WorkflowWords {
  summary: string;
  /** The record's status as the workflow publishes it (SvcHrStatus); absent when the workflow decides it itself. */
  status?: string;
}

type Db = Pick<PrismaClient, '$queryRaw'>;

/** A calendar day as a person reads it: "Mon 6 Dec 2027". */
export function dayText(date: IsoDate): string {
  return leaveDaysText(date, date);
}

/** An instant as a person of the tenant reads it: "Mon 6 Dec 2027 09:05 (Europe/Berlin)". */
export function momentText(at: Date, timeZone: string): string {
  let zone = timeZone;
  let date: IsoDate;
  try {
    date = todayIn(zone, at);
  } catch {
    zone = 'UTC';
    date = todayIn(zone, at);
  }
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(/^24:/, '00:');
  return `${dayText(date)} ${time} (${zone})`;
}

/** A span of calendar days: "Mon 6 – Fri 10 Dec 2027" (one day: "Mon 6 Dec 2027"). */
export function daysText(from: Date, to: Date): string {
  return leaveDaysText(fromDbDate(from), fromDbDate(to));
}

/** At most `max` characters of a one-line text, ending in "…" when cut (after a whole word where one fits). */
export function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The kinds of request an approval is for, in words. */
const approvalKinds: Record<string, string> = {
  leave: 'a leave request',
  work_from_anywhere: 'a work-from-anywhere request',
  timesheet: 'a timesheet',
  time_correction: 'a time correction',
  expense_claim: 'an expense claim',
  compensation_change: 'a compensation change',
  offer: 'an offer',
};

/** An approval (workflow `approvalFlow`): "Approval of an expense claim by Alice Anders: <the approval's summary>". */
export async function approvalWords(
  db: Db,
  ref: { tenantId: string; instanceId: string },
): Promise<WorkflowWords | undefined> {
  const [row] = await db.$queryRaw<
    Array<{ requestType: string; requester: string | null; summary: string; status: string }>
  >`
    SELECT a.request_type AS "requestType", u.name AS requester, a.summary, a.status::text AS status
      FROM approval_instances a
      LEFT JOIN users u ON u.id = a.requester_user_id
     WHERE a.id = ${ref.instanceId}::uuid AND a.tenant_id = ${ref.tenantId}::uuid`;
  if (!row) return undefined;
  const kind = approvalKinds[row.requestType] ?? row.requestType.replaceAll('_', ' ');
  const by = row.requester ? ` by ${row.requester}` : '';
  return { summary: clip(`Approval of ${kind}${by}: ${row.summary}`, 200), status: row.status };
}

/** A payroll run (workflow `payrollRun`): "Payroll run 2026-11 (Sun 1 – Mon 30 Nov 2026), started by Hanna Hale". */
export async function payrollRunWords(
  db: Db,
  ref: { tenantId: string; runId: string },
): Promise<WorkflowWords | undefined> {
  const [row] = await db.$queryRaw<
    Array<{ year: number; month: number; start: Date; end: Date; startedBy: string | null; status: string }>
  >`
    SELECT p.year, p.month, p.start_date AS start, p.end_date AS "end", u.name AS "startedBy", r.status::text AS status
      FROM payroll_runs r
      JOIN pay_periods p ON p.id = r.period_id
      LEFT JOIN users u ON u.id = r.started_by_user_id
     WHERE r.id = ${ref.runId}::uuid AND r.tenant_id = ${ref.tenantId}::uuid`;
  if (!row) return undefined;
  const period = `${row.year}-${String(row.month).padStart(2, '0')}`;
  const by = row.startedBy ? `, started by ${row.startedBy}` : '';
  return { summary: `Payroll run ${period} (${daysText(row.start, row.end)})${by}`, status: row.status };
}

/** A compensation change (workflow `compensationChange`): who and from when, never the amount. */
export async function compensationChangeWords(
  db: Db,
  ref: { tenantId: string; changeId: string },
): Promise<WorkflowWords | undefined> {
  const [row] = await db.$queryRaw<Array<{ employee: string; effective: Date; status: string }>>`
    SELECT e.name AS employee, c.effective_date AS effective, c.status::text AS status
      FROM compensation_changes c
      JOIN employees e ON e.id = c.employee_id
     WHERE c.id = ${ref.changeId}::uuid AND c.tenant_id = ${ref.tenantId}::uuid`;
  if (!row) return undefined;
  return {
    summary: `Compensation change: ${row.employee}, effective ${dayText(fromDbDate(row.effective))}`,
    status: row.status,
  };
}

/** An onboarding or offboarding (workflow `lifecycleProcess`): "Offboarding: Dan Diaz, last day Fri 18 Dec 2026". */
export async function lifecycleProcessWords(
  db: Db,
  ref: { tenantId: string; processId: string },
): Promise<WorkflowWords | undefined> {
  const [row] = await db.$queryRaw<Array<{ kind: string; employee: string; anchor: Date; status: string }>>`
    SELECT l.kind, e.name AS employee, l.anchor_date AS anchor, l.status::text AS status
      FROM lifecycle_processes l
      JOIN employees e ON e.id = l.employee_id
     WHERE l.id = ${ref.processId}::uuid AND l.tenant_id = ${ref.tenantId}::uuid`;
  if (!row) return undefined;
  const day = dayText(fromDbDate(row.anchor));
  const summary =
    row.kind === 'offboarding'
      ? `Offboarding: ${row.employee}, last day ${day}`
      : `Onboarding: ${row.employee}, starting ${day}`;
  return { summary, status: row.status };
}

/** A review cycle (workflow `reviewCycle`): "Review cycle: H2 2026, open Mon 4 – Fri 15 Jan 2027". */
export async function reviewCycleWords(
  db: Db,
  ref: { tenantId: string; cycleId: string },
): Promise<WorkflowWords | undefined> {
  const [row] = await db.$queryRaw<Array<{ name: string; opens: Date; closes: Date; status: string }>>`
    SELECT name, opens_on AS opens, closes_on AS closes, status::text AS status
      FROM review_cycles
     WHERE id = ${ref.cycleId}::uuid AND tenant_id = ${ref.tenantId}::uuid`;
  if (!row) return undefined;
  return {
    summary: `Review cycle: ${clip(row.name, 80)}, open ${daysText(row.opens, row.closes)}`,
    status: row.status,
  };
}

/**
 * A clock entry's watch (workflow `timeEntryWatch`): "Clock-out watch: Alice Anders, clocked in Mon 23 Nov 2026
 * 08:02 (Europe/Berlin)". The watch starts OPEN (the status it publishes first).
 */
export async function timeEntryWords(
  db: Db,
  ref: { tenantId: string; entryId: string },
): Promise<WorkflowWords | undefined> {
  const [row] = await db.$queryRaw<Array<{ employee: string; startedAt: Date; timeZone: string }>>`
    SELECT e.name AS employee, t.started_at AS "startedAt", n.time_zone AS "timeZone"
      FROM time_entries t
      JOIN employees e ON e.id = t.employee_id
      JOIN tenants n ON n.id = t.tenant_id
     WHERE t.id = ${ref.entryId}::uuid AND t.tenant_id = ${ref.tenantId}::uuid`;
  if (!row) return undefined;
  return {
    summary: `Clock-out watch: ${row.employee}, clocked in ${momentText(row.startedAt, row.timeZone)}`,
    status: 'OPEN',
  };
}

/**
 * A certification's expiry reminders (workflow `certificateExpiry`): "Expiry reminders: Alice Anders, First aid
 * (certification)". No date: a renewal moves it while the same workflow runs on (its current details say the date).
 * No status either: which reminder it waits for first is the workflow's own plan, published at its first read.
 */
export async function certificationWords(
  db: Db,
  ref: { tenantId: string; certificationId: string },
): Promise<WorkflowWords | undefined> {
  const [row] = await db.$queryRaw<Array<{ employee: string; name: string; kind: string }>>`
    SELECT e.name AS employee, c.name, c.kind
      FROM certifications c
      JOIN employees e ON e.id = c.employee_id
     WHERE c.id = ${ref.certificationId}::uuid AND c.tenant_id = ${ref.tenantId}::uuid`;
  if (!row) return undefined;
  return { summary: `Expiry reminders: ${row.employee}, ${clip(row.name, 80)} (${row.kind})` };
}

/** The host of a URL, never its path or query: a webhook URL's path is often its secret (a chat tool's hook). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid URL';
  }
}

/**
 * A webhook delivery (workflow `webhookDelivery`), from what the dispatcher read of its outbox row and webhook:
 * "Webhook leave_request.approved of Alice Anders to hooks.example.com, event of Sat 28 Nov 2026 04:40 (UTC)".
 * Only the endpoint's host: its path may be the receiver's secret.
 */
export function webhookDeliveryWords(delivery: {
  eventType: string;
  url: string;
  owner: string | undefined;
  createdAt: Date;
  timeZone: string;
}): string {
  const of = delivery.owner ? ` of ${delivery.owner}` : '';
  return (
    `Webhook ${clip(delivery.eventType, 60)}${of} to ${hostOf(delivery.url)}, ` +
    `event of ${momentText(delivery.createdAt, delivery.timeZone)}`
  );
}

/**
 * Reads `words` for a port, never failing its start: a database error or a record that is gone gives undefined,
 * and the port says the id instead.
 */
export async function wordsOrNothing(
  words: () => Promise<WorkflowWords | undefined>,
): Promise<WorkflowWords | undefined> {
  try {
    return await words();
  } catch {
    return undefined;
  }
}
