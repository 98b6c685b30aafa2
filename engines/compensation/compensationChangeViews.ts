import type { CompensationChange, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { managersSeeTeamCompensation } from '../access/compensationAccess';
import { isHrRole } from '../access/roles';
import { visibleEmployeesFilter } from '../access/visibility';
import { AppError } from '../appError';
import { fromDbDate, type IsoDate } from '../leave/dates';
import { moneyOf, type Money } from '../../lib/money/money';

/** A change proposal as the API answers it. */
export interface CompensationChangeView {
  id: string;
  employeeId: string;
  employeeName: string;
  effectiveDate: IsoDate;
  proposed: Money;
  /** The salary on the effective date when proposed; null: none yet. */
  previous: Money | null;
  payBandId: string | null;
  reason: string;
  status: CompensationChange['status'];
  warnings: string[];
  approvalId: string | null;
  /** The Temporal workflow that applies it (null until it started). */
  workflowId: string | null;
  proposedBy: { userId: string; name: string };
  decidedAt: string | null;
  decisionComment: string | null;
  appliedAt: string | null;
  createdAt: string;
}

export async function changeViewsOf(db: PrismaClient, rows: CompensationChange[]): Promise<CompensationChangeView[]> {
  if (rows.length === 0) return [];
  const [employees, users, approvals] = await Promise.all([
    db.employee.findMany({ where: { id: { in: rows.map((r) => r.employeeId) } }, select: { id: true, name: true } }),
    db.user.findMany({ where: { id: { in: rows.map((r) => r.createdByUserId) } }, select: { id: true, name: true } }),
    db.approvalInstance.findMany({
      where: { requestType: 'compensation_change', subjectId: { in: rows.map((r) => r.id) } },
      select: { id: true, subjectId: true },
    }),
  ]);
  const employeeName = new Map(employees.map((e) => [e.id, e.name]));
  const userName = new Map(users.map((u) => [u.id, u.name]));
  const approvalOf = new Map(approvals.map((a) => [a.subjectId, a.id]));
  return rows.map((r) => ({
    id: r.id,
    employeeId: r.employeeId,
    employeeName: employeeName.get(r.employeeId) ?? '',
    effectiveDate: fromDbDate(r.effectiveDate),
    proposed: moneyOf(r.annualMinor, r.currency),
    previous: r.previousAnnualMinor === null ? null : moneyOf(r.previousAnnualMinor, r.currency),
    payBandId: r.payBandId,
    reason: r.reason,
    status: r.status,
    warnings: r.warnings,
    approvalId: approvalOf.get(r.id) ?? null,
    workflowId: r.workflowId,
    proposedBy: { userId: r.createdByUserId, name: userName.get(r.createdByUserId) ?? '(deleted user)' },
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionComment: r.decisionComment,
    appliedAt: r.appliedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The change proposals `actor` may read: HR all of the workspace's; anyone the ones they proposed and the ones whose
 * approval asked them; managers and directors those of the people they see where the tenant lets them read their
 * team's compensation. Not the person a proposal is about: they see their salary once it applies.
 */
export async function visibleChangesFilter(
  prisma: PrismaClient,
  actor: Actor,
): Promise<Prisma.CompensationChangeWhereInput> {
  const tenantId = actor.tenant.id;
  if (isHrRole(actor.user.role)) return { tenantId };
  const asked = await prisma.$queryRaw<Array<{ subjectId: string }>>`
    SELECT DISTINCT i.subject_id::text AS "subjectId" FROM approval_instances i
    JOIN approval_assignments a ON a.instance_id = i.id
    WHERE i.tenant_id = ${tenantId}::uuid AND i.request_type = 'compensation_change'
      AND a.assignee_user_id = ${actor.user.id}::uuid`;
  const either: Prisma.CompensationChangeWhereInput[] = [
    { createdByUserId: actor.user.id },
    { id: { in: asked.map((a) => a.subjectId) } },
  ];
  const lead = actor.user.role === 'MANAGER' || actor.user.role === 'DIRECTOR';
  if (lead && (await managersSeeTeamCompensation(prisma, tenantId))) {
    const seen = await prisma.employee.findMany({
      where: await visibleEmployeesFilter(prisma, actor),
      select: { id: true },
    });
    const others = seen.map((e) => e.id).filter((id) => id !== actor.employee?.id);
    either.push({ employeeId: { in: others } });
  }
  return { tenantId, OR: either };
}

/** A proposal `actor` may read; 404 otherwise, whether it exists or not. */
export async function findVisibleChange(prisma: PrismaClient, actor: Actor, id: string): Promise<CompensationChange> {
  const row = await prisma.compensationChange.findFirst({
    where: { AND: [{ id }, await visibleChangesFilter(prisma, actor)] },
  });
  if (!row) throw new AppError('not_found', `No compensation change ${id}`);
  return row;
}
