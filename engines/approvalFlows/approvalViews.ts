import { Prisma, type ApprovalAssignment, type ApprovalInstance, type ApprovalStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { isHrRole, visibilityOf } from '../access/roles';
import { visibleEmployeesFilter } from '../access/visibility';
import { AppError } from '../appError';
import { stepsOf } from './approvalProgress';
import type { ApproverRelation } from './flowDefinition';

/** One person asked on a step, as the inbox and the approval show them. */
export interface AssigneeView {
  userId: string;
  name: string;
  status: ApprovalAssignment['status'];
  reason: string;
  comment: string | null;
  decidedAt: string | null;
}

export interface ApprovalStepView {
  index: number;
  name: string;
  approver: ApproverRelation;
  /** pending: waits now; upcoming: later; approved, rejected; not_reached: the approval ended before it. */
  status: 'pending' | 'upcoming' | 'approved' | 'rejected' | 'not_reached';
  assignees: AssigneeView[];
}

export interface ApprovalView {
  id: string;
  requestType: string;
  subjectId: string;
  summary: string;
  status: ApprovalStatus;
  flowName: string;
  /** The step waiting for a decision; null once the approval ended. */
  currentStep: number | null;
  steps: ApprovalStepView[];
  requester: { userId: string; name: string };
  subjectEmployeeId: string;
  workflowId: string;
  createdAt: string;
  decidedAt: string | null;
}

function stepStatus(instance: ApprovalInstance, index: number, assignments: ApprovalAssignment[]) {
  if (assignments.some((a) => a.status === 'REJECTED')) return 'rejected' as const;
  if (index < instance.currentStep || instance.status === 'APPROVED') return 'approved' as const;
  if (instance.status !== 'PENDING') return 'not_reached' as const;
  return index === instance.currentStep ? ('pending' as const) : ('upcoming' as const);
}

/** Views of `instances`, with their assignments and the names of everyone involved, in the order given. */
export async function approvalViewsOf(prisma: PrismaClient, instances: ApprovalInstance[]): Promise<ApprovalView[]> {
  if (instances.length === 0) return [];
  const assignments = await prisma.approvalAssignment.findMany({
    where: { instanceId: { in: instances.map((i) => i.id) } },
    orderBy: [{ step: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
  });
  const userIds = new Set([...assignments.map((a) => a.assigneeUserId), ...instances.map((i) => i.requesterUserId)]);
  const users = await prisma.user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, name: true } });
  const names = new Map(users.map((u) => [u.id, u.name]));
  return instances.map((instance) => {
    const mine = assignments.filter((a) => a.instanceId === instance.id);
    return {
      id: instance.id,
      requestType: instance.requestType,
      subjectId: instance.subjectId,
      summary: instance.summary,
      status: instance.status,
      flowName: instance.flowName,
      currentStep: instance.status === 'PENDING' ? instance.currentStep : null,
      steps: stepsOf(instance).map((step, index) => {
        const onStep = mine.filter((a) => a.step === index);
        return {
          index,
          name: step.name,
          approver: step.approver,
          status: stepStatus(instance, index, onStep),
          assignees: onStep.map((a) => ({
            userId: a.assigneeUserId,
            name: names.get(a.assigneeUserId) ?? '(deleted user)',
            status: a.status,
            reason: a.reason,
            comment: a.comment,
            decidedAt: a.decidedAt?.toISOString() ?? null,
          })),
        };
      }),
      requester: { userId: instance.requesterUserId, name: names.get(instance.requesterUserId) ?? '(deleted user)' },
      subjectEmployeeId: instance.subjectEmployeeId,
      workflowId: `approval/${instance.tenantId}/${instance.id}`,
      createdAt: instance.createdAt.toISOString(),
      decidedAt: instance.decidedAt?.toISOString() ?? null,
    };
  });
}

/**
 * Request types whose approvals a role's visibility does not open: an offer's subject employee is the opening's
 * hiring manager, and the candidate is the recruiting team's alone (engines/access/recruitingAccess.ts), so a
 * director seeing the hiring manager must not read the offer's approval. Its requester and those asked still do.
 */
const seenOnlyByThoseInvolved = ['offer'];

/**
 * SQL: the approvals (`i`) the actor may see. HR, admins and owners: the workspace's. Others: the approvals of
 * the people their role lets them see (themself, their team, their department; not offers), and those they asked
 * for or were asked to decide.
 */
async function visibleSql(prisma: PrismaClient, actor: Actor): Promise<Prisma.Sql> {
  if (visibilityOf(actor.user.role) === 'workspace') return Prisma.sql`TRUE`;
  const filter = await visibleEmployeesFilter(prisma, actor);
  const seen = (await prisma.employee.findMany({ where: filter, select: { id: true } })).map((e) => e.id);
  const people =
    seen.length > 0
      ? Prisma.sql`OR (i.subject_employee_id IN (${Prisma.join(seen.map((id) => Prisma.sql`${id}::uuid`))})
          AND i.request_type NOT IN (${Prisma.join(seenOnlyByThoseInvolved)}))`
      : Prisma.empty;
  return Prisma.sql`(i.requester_user_id = ${actor.user.id}::uuid ${people} OR EXISTS (
    SELECT 1 FROM approval_assignments a WHERE a.instance_id = i.id AND a.assignee_user_id = ${actor.user.id}::uuid))`;
}

/** An approval the actor may see; 404 otherwise (no existence leak). */
export async function findVisibleApproval(prisma: PrismaClient, actor: Actor, id: string): Promise<ApprovalInstance> {
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT i.id::text AS id FROM approval_instances i
    WHERE i.id = ${id}::uuid AND i.tenant_id = ${actor.tenant.id}::uuid AND ${await visibleSql(prisma, actor)}`;
  if (rows.length === 0) throw new AppError('not_found', `No approval ${id}`);
  return prisma.approvalInstance.findUniqueOrThrow({ where: { id } });
}

export interface ApprovalListQuery {
  /** 'me': waiting for (or, with another status, ever asked of) the caller; 'any': all the caller may see; a user id: HR only. */
  assignee: 'me' | 'any' | string;
  status?: ApprovalStatus | undefined;
  requestType?: string | undefined;
  limit: number;
  after?: string | undefined;
}

/**
 * The caller's inbox and the approvals they may see, oldest first (the order they wait in), a page at a time.
 * With `assignee=me` and status PENDING (the inbox), only approvals whose current step waits for the caller.
 */
export async function listApprovals(
  prisma: PrismaClient,
  actor: Actor,
  query: ApprovalListQuery,
): Promise<{ approvals: ApprovalView[]; nextCursor: string | null }> {
  let assigneeId: string | null = null;
  if (query.assignee === 'me') assigneeId = actor.user.id;
  else if (query.assignee !== 'any') {
    if (!isHrRole(actor.user.role)) {
      throw new AppError('forbidden', 'Only HR_MANAGER, ADMIN and OWNER read the approvals waiting for someone else');
    }
    assigneeId = query.assignee;
  }
  const waitingOnly = query.status === 'PENDING';
  const assigned = assigneeId
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM approval_assignments a WHERE a.instance_id = i.id
        AND a.assignee_user_id = ${assigneeId}::uuid ${waitingOnly ? Prisma.sql`AND a.status = 'PENDING'` : Prisma.empty})`
    : Prisma.empty;
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT i.id::text AS id FROM approval_instances i
    WHERE i.tenant_id = ${actor.tenant.id}::uuid AND ${await visibleSql(prisma, actor)} ${assigned}
      ${query.status ? Prisma.sql`AND i.status = ${query.status}::"ApprovalStatus"` : Prisma.empty}
      ${query.requestType ? Prisma.sql`AND i.request_type = ${query.requestType}` : Prisma.empty}
      ${query.after ? Prisma.sql`AND i.id > ${query.after}::uuid` : Prisma.empty}
    ORDER BY i.id LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit).map((r) => r.id);
  const instances = await prisma.approvalInstance.findMany({ where: { id: { in: page } }, orderBy: { id: 'asc' } });
  return {
    approvals: await approvalViewsOf(prisma, instances),
    nextCursor: rows.length > query.limit ? page[page.length - 1]! : null,
  };
}
