import type { Db } from '../../db/handle';
import type { Actor } from '../access/actor';
import { fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { countWorkingDays } from '../leave/workingDays';
import {
  type LeaveFacts,
  actionWords,
  bookedDays,
  bookingWords,
  genericWords,
  leaveActionWords,
  policyAsSaid,
} from './actionWords';

/**
 * An action's card with the names and counts only the database knows: whose leave (the person, not an id), the
 * policy as the workspace names it, the working days it takes (weekends and the workspace's public holidays left
 * out), and for a cancel or a decision the request's own days. Every read is one query, scoped to the run's tenant;
 * whatever fails or is not found, the card falls back to the words the arguments alone give (actionWords.ts).
 */
export async function actionCard(
  db: Db,
  actor: Actor,
  tool: string,
  args: Record<string, unknown>,
  summary: string,
): Promise<string> {
  try {
    return (await cardFromFacts(db, actor, tool, args, summary)) ?? actionWords(tool, args, summary);
  } catch {
    return actionWords(tool, args, summary);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

async function cardFromFacts(
  db: Db,
  actor: Actor,
  tool: string,
  args: Record<string, unknown>,
  summary: string,
): Promise<string | undefined> {
  const tenantId = actor.tenant.id;
  switch (tool) {
    case 'create_leave_request':
    case 'create_company_leave_request': {
      const days = bookedDays(args);
      if (!days) return undefined;
      const whose = isUuid(args.employeeId) ? await employeeName(db, tenantId, args.employeeId) : actor.user.name;
      if (!whose) return undefined;
      const policy = await policyName(db, tenantId, args.policy);
      const workingDays = days.halfDay ? undefined : await workingDaysIn(db, tenantId, days.start, days.end);
      const reason = typeof args.reason === 'string' ? args.reason : undefined;
      return bookingWords({ whose, policy, ...days, workingDays, reason });
    }
    case 'cancel_leave_request':
    case 'cancel_company_leave_request':
    case 'approve_leave_request':
    case 'reject_leave_request':
    case 'decide_leave_request': {
      if (!isUuid(args.id)) return undefined;
      const facts = await requestFacts(db, tenantId, args.id, actor);
      if (!facts) return undefined;
      const verb = tool.startsWith('cancel')
        ? 'Cancel'
        : tool === 'reject_leave_request' || args.decision === 'reject'
          ? 'Reject'
          : 'Approve';
      return leaveActionWords(verb, facts, args.comment);
    }
    default: {
      // Someone an action is about is named, not shown as an id.
      if (!isUuid(args.employeeId)) return genericWords(summary, args);
      const name = await employeeName(db, tenantId, args.employeeId);
      return genericWords(summary, args, name ? { employeeId: name } : {});
    }
  }
}

async function employeeName(db: Db, tenantId: string, id: string): Promise<string | undefined> {
  const row = await db.employee.findFirst({ where: { id, tenantId }, select: { name: true } });
  return row?.name;
}

/** The policy a booking gets: the one it names (as the workspace spells it), else the workspace's default. */
async function policyName(db: Db, tenantId: string, named: unknown): Promise<string> {
  const said = typeof named === 'string' ? named.trim().slice(0, 100) : '';
  const row = said
    ? await db.leavePolicy.findFirst({
        where: { tenantId, name: { equals: said, mode: 'insensitive' } },
        select: { name: true },
      })
    : await db.leavePolicy.findFirst({ where: { tenantId, isDefault: true }, select: { name: true } });
  return row?.name ?? policyAsSaid(named);
}

async function workingDaysIn(db: Db, tenantId: string, start: IsoDate, end: IsoDate): Promise<number> {
  const holidays = await db.publicHoliday.findMany({
    where: { tenantId, date: { gte: toDbDate(start), lte: toDbDate(end) } },
    select: { date: true, name: true },
  });
  const calendar = new Map(holidays.map((h) => [fromDbDate(h.date), h.name] as const));
  return countWorkingDays({ startDate: start, endDate: end, halfDay: false }, calendar).totalDays;
}

/** A leave request's own facts, read in the run's tenant (one query); "you" when it is the actor's own. */
async function requestFacts(db: Db, tenantId: string, id: string, actor: Actor): Promise<LeaveFacts | undefined> {
  const [row] = await db.$queryRaw<
    Array<{
      start: Date;
      end: Date;
      halfDay: boolean;
      totalDays: number;
      employeeId: string;
      employee: string;
      policy: string;
    }>
  >`
    SELECT r.start_date AS start, r.end_date AS "end", r.half_day AS "halfDay", r.total_days AS "totalDays",
           r.employee_id::text AS "employeeId", e.name AS employee, p.name AS policy
      FROM leave_requests r
      JOIN employees e ON e.id = r.employee_id
      JOIN leave_policies p ON p.id = r.policy_id
     WHERE r.id = ${id}::uuid AND r.tenant_id = ${tenantId}::uuid`;
  if (!row) return undefined;
  return {
    whose: row.employeeId === actor.employee?.id ? 'you' : row.employee,
    policy: row.policy,
    start: fromDbDate(row.start),
    end: fromDbDate(row.end),
    halfDay: row.halfDay,
    workingDays: Number(row.totalDays),
  };
}
