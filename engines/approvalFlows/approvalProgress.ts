import type { ApprovalInstance, Prisma } from '../../db/models';
import { resolveAssignees } from './assignees';
import { approvalsRequired, type ApprovalStep } from './flowDefinition';
import type { ApprovalSubject, AssignedBecause } from './subject';

type Tx = Prisma.TransactionClient;

/** The steps stored on an instance. */
export function stepsOf(instance: Pick<ApprovalInstance, 'steps'>): ApprovalStep[] {
  return instance.steps as unknown as ApprovalStep[];
}

/** The users who approved any step of the instance so far. */
async function approversSoFar(tx: Tx, instanceId: string): Promise<Set<string>> {
  const rows = await tx.approvalAssignment.findMany({
    where: { instanceId, status: 'APPROVED' },
    select: { assigneeUserId: true },
  });
  return new Set(rows.map((r) => r.assigneeUserId));
}

/**
 * Moves an approval on from step `from`: asks the people of the first step that still needs a decision and
 * answers 'waiting', or, when no step is left, approves the request through its subject and answers 'approved'.
 * A person approves a request once: a step that asks someone who approved an earlier step counts that approval
 * (so HR approving a manager's step also settles a later HR step). Answers the instance as it left it (no subject
 * writes to it), so that the caller need not read it back.
 */
export async function advanceApproval(
  tx: Tx,
  subject: ApprovalSubject,
  instance: ApprovalInstance,
  from: number,
  ctx: {
    because: AssignedBecause;
    lastApproverUserId: string | null;
    lastComment: string | null;
    at: Date;
    /** false: the people asked are not told (see OpenApprovalInput.announce). */
    announce?: boolean;
  },
): Promise<{ outcome: 'waiting' | 'approved'; instance: ApprovalInstance }> {
  const steps = stepsOf(instance);
  // An approval being opened has no assignment yet, so nobody approved anything: no read.
  const earlier = ctx.because === 'opened' ? new Set<string>() : await approversSoFar(tx, instance.id);
  for (let index = from; index < steps.length; index += 1) {
    const step = steps[index]!;
    const { userIds, reason, managerEmployeeId } = await resolveAssignees(tx, instance, step);
    const already = userIds.filter((id) => earlier.has(id));
    const settled = already.length >= approvalsRequired(step, userIds.length);
    await tx.approvalAssignment.createMany({
      data: userIds.map((assigneeUserId) => ({
        tenantId: instance.tenantId,
        instanceId: instance.id,
        step: index,
        assigneeUserId,
        reason: earlier.has(assigneeUserId) ? 'earlier' : reason,
        status: earlier.has(assigneeUserId) ? 'APPROVED' : settled ? 'CLOSED' : 'PENDING',
        decidedAt: earlier.has(assigneeUserId) || settled ? ctx.at : null,
      })),
    });
    if (settled) continue;
    const moved = await tx.approvalInstance.update({
      where: { id: instance.id },
      data: { currentStep: index, stepStartedAt: ctx.at, stepRemindedAt: null, stepEscalatedAt: null },
    });
    const asked = userIds.filter((id) => !earlier.has(id));
    if (ctx.announce === false) return { outcome: 'waiting', instance: moved };
    await subject.assigned(tx, moved, {
      userIds: asked,
      because: index === 0 ? ctx.because : 'step',
      relation: reason === 'fallback' ? 'hr' : step.approver,
      managerEmployeeId,
      previousApproverUserId: ctx.lastApproverUserId,
      at: ctx.at,
    });
    return { outcome: 'waiting', instance: moved };
  }
  const approved = await tx.approvalInstance.update({
    where: { id: instance.id },
    data: { status: 'APPROVED', currentStep: steps.length, decidedAt: ctx.at },
  });
  await subject.commit(tx, approved, {
    decision: 'approve',
    byUserId: ctx.lastApproverUserId ?? instance.requesterUserId,
    comment: ctx.lastComment,
    at: ctx.at,
  });
  return { outcome: 'approved', instance: approved };
}

/** Closes every assignment still waiting on the instance (it was decided, cancelled, or its step moved on). */
export async function closePending(tx: Tx, instanceId: string, at: Date, step?: number): Promise<void> {
  await tx.approvalAssignment.updateMany({
    where: { instanceId, status: 'PENDING', ...(step === undefined ? {} : { step }) },
    data: { status: 'CLOSED', decidedAt: at },
  });
}

/** The instance's people still asked to decide its current step. */
export async function pendingOfCurrentStep(tx: Tx, instance: Pick<ApprovalInstance, 'id' | 'currentStep'>) {
  return tx.approvalAssignment.findMany({
    where: { instanceId: instance.id, step: instance.currentStep, status: 'PENDING' },
    orderBy: { createdAt: 'asc' },
  });
}

/**
 * Locks an approval's row for the rest of the transaction and reads it. The lock order of every writer: the
 * request's own lock first when it takes one (the employee, for the API's decisions and cancellations), then the
 * approval, then the request's rows. The workflow's reminders and escalations take the approval's lock alone, so a
 * reminder never queues behind, nor holds up, the person's other requests.
 */
export async function lockApproval(tx: Tx, instanceId: string): Promise<ApprovalInstance | null> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text AS id FROM approval_instances WHERE id = ${instanceId}::uuid FOR UPDATE`;
  if (rows.length === 0) return null;
  return tx.approvalInstance.findUnique({ where: { id: instanceId } });
}
