import type { PrismaClient } from '../../db/prismaClient';
import { fromDbDate } from './dates';
import { leaveSummary } from './leaveSummary';

/**
 * The leave engine's port to the durable approval process (the Temporal workflow `leaveApproval`). The engine
 * commits every state change first and tells the port afterwards, so the database is the truth and the workflow
 * follows it: the workflow reads the request's state through engines/leave/transitions.ts.
 */
export interface LeaveApprovalPort {
  /**
   * Starts the approval workflow of a new request (PENDING or auto-APPROVED); answers its workflow id. `summary`
   * says the request in words (leaveSummary) for the operators' view of the workflow, and `status` is the request's
   * status at the start (the workflow's SvcHrStatus until its first read).
   */
  start(req: {
    tenantId: string;
    requestId: string;
    summary?: string;
    status?: string;
  }): Promise<{ workflowId: string }>;
  /** Tells the request's workflow that the request changed (decided or cancelled). */
  notifyChanged(req: { tenantId: string; requestId: string }): Promise<void>;
}

/** Where the engine reports a port call that failed after the change was committed (the request logger). */
export interface PortFailureLog {
  warn(obj: object, msg: string): void;
}

/**
 * The request in words for the workflow's summary (leaveSummary) and its status, or undefined when it is gone.
 */
async function requestSummary(
  prisma: PrismaClient,
  ref: { tenantId: string; requestId: string },
): Promise<{ summary: string; status: string } | undefined> {
  const [row] = await prisma.$queryRaw<
    Array<{
      employee: string;
      policy: string;
      start: Date;
      end: Date;
      halfDay: boolean;
      totalDays: number;
      status: string;
    }>
  >`
    SELECT e.name AS employee, p.name AS policy, r.start_date AS start, r.end_date AS "end",
           r.half_day AS "halfDay", r.total_days AS "totalDays", r.status::text AS status
      FROM leave_requests r
      JOIN employees e ON e.id = r.employee_id
      JOIN leave_policies p ON p.id = r.policy_id
     WHERE r.id = ${ref.requestId}::uuid AND r.tenant_id = ${ref.tenantId}::uuid`;
  return row
    ? {
        summary: leaveSummary({
          employeeName: row.employee,
          policyName: row.policy,
          startDate: fromDbDate(row.start),
          endDate: fromDbDate(row.end),
          halfDay: row.halfDay,
          totalDays: Number(row.totalDays),
        }),
        status: row.status,
      }
    : undefined;
}

/**
 * Starts the workflow of a committed request and stores its id on the request. A port failure does not undo
 * the request: it is valid and recorded. The failure is logged and `workflowId` stays null, which means "no
 * workflow started yet": the reconciler starts a workflow for every PENDING or APPROVED request without one.
 * `port` null (a process without Temporal, such as tests that do not run it) starts nothing, with the same
 * meaning. Answers the stored workflow id, or null.
 */
export async function startApprovalWorkflow(
  prisma: PrismaClient,
  port: LeaveApprovalPort | null,
  ref: { tenantId: string; requestId: string },
  log?: PortFailureLog,
  /** The request in words and its status, when the caller knows them (the create that just committed it). */
  known?: { summary: string; status: string },
): Promise<string | null> {
  if (!port) return null;
  try {
    const words = known ?? (await requestSummary(prisma, ref));
    const { workflowId } = await port.start({ ...ref, ...words });
    await prisma.leaveRequest.updateMany({
      where: { id: ref.requestId, tenantId: ref.tenantId },
      data: { workflowId },
    });
    return workflowId;
  } catch (err) {
    log?.warn({ err, ...ref }, 'leave approval workflow not started or not recorded; the reconciler will see to it');
    return null;
  }
}

/**
 * Tells the workflow that a committed request changed. A failure is logged, not thrown: the change is committed,
 * and the workflow re-reads the request's state on its own timers, so a lost notice delays it but loses nothing.
 */
export async function notifyApprovalWorkflow(
  port: LeaveApprovalPort | null,
  ref: { tenantId: string; requestId: string },
  log?: PortFailureLog,
): Promise<void> {
  if (!port) return;
  try {
    await port.notifyChanged(ref);
  } catch (err) {
    log?.warn({ err, ...ref }, 'leave approval workflow not told of the change; it will see it on its next check');
  }
}
