import type { PrismaClient } from '../../db/prismaClient';
import { namesWaitedFor } from '../approvalFlows/approvalTimers';
import { fromDbDate } from './dates';
import { leaveDaysText } from './leaveSummary';

/** A leave request in words, for its workflow's current details: whose, which leave, which days, who decides. */
export interface LeaveWords {
  employee: string;
  policy: string;
  /** "Mon 6 – Fri 10 Dec 2027" (leaveDaysText). */
  days: string;
  /** Who the request waits for while PENDING: the people its approval's step asks, its approver, or "HR". */
  waitingFor: string[];
}

/**
 * Reads `requestId` in words; undefined when it is gone. `approval` is its approval instance as the caller read it
 * (null for a request made before approval flows, which waits for its approver or HR instead).
 */
export async function leaveRequestWords(
  prisma: PrismaClient,
  ref: { tenantId: string; requestId: string },
  approval: { id: string; currentStep: number; status: string } | null,
): Promise<LeaveWords | undefined> {
  const [row] = await prisma.$queryRaw<
    Array<{
      employee: string;
      policy: string;
      start: Date;
      end: Date;
      status: string;
      routedTo: string;
      approver: string | null;
    }>
  >`
    SELECT e.name AS employee, p.name AS policy, r.start_date AS start, r.end_date AS "end",
           r.status::text AS status, r.routed_to AS "routedTo", a.name AS approver
      FROM leave_requests r
      JOIN employees e ON e.id = r.employee_id
      JOIN leave_policies p ON p.id = r.policy_id
      LEFT JOIN employees a ON a.id = r.approver_employee_id
     WHERE r.id = ${ref.requestId}::uuid AND r.tenant_id = ${ref.tenantId}::uuid`;
  if (!row) return undefined;
  let waitingFor: string[] = [];
  if (row.status === 'PENDING') {
    if (approval) {
      waitingFor = approval.status === 'PENDING' ? await namesWaitedFor(prisma, approval.id, approval.currentStep) : [];
    } else if (row.routedTo === 'HR') waitingFor = ['HR'];
    else if (row.approver) waitingFor = [row.approver];
  }
  return {
    employee: row.employee,
    policy: row.policy,
    days: leaveDaysText(fromDbDate(row.start), fromDbDate(row.end)),
    waitingFor,
  };
}
