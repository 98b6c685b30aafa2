import type { ApprovalInstance, Prisma } from '../../db/models';
import type { Actor } from '../access/actor';
import { isHrRole } from '../access/roles';
import { AppError } from '../appError';
import { advanceApproval, closePending, pendingOfCurrentStep, stepsOf } from './approvalProgress';
import { approvalsRequired } from './flowDefinition';
import type { ApprovalSubject } from './subject';
import { emitApprovalWebhookEvent } from '../webhooks/emitters';

type Tx = Prisma.TransactionClient;

export type ApprovalDecision = 'approve' | 'reject';

/** What a decision did: the approval waits for its next step, or ended approved or rejected. */
export type DecisionOutcome = 'waiting' | 'approved' | 'rejected';

function requireOpen(instance: ApprovalInstance): void {
  if (instance.status !== 'PENDING') throw new AppError('conflict', `This approval is already ${instance.status}`);
}

function requireNotOwn(actor: Actor, instance: ApprovalInstance): void {
  if (actor.employee && actor.employee.id === instance.subjectEmployeeId) {
    throw new AppError('forbidden', 'You cannot decide an approval of your own request');
  }
}

/**
 * Decides the current step of an approval, inside a transaction that holds the subject's lock. Those the step
 * waits for decide it; HR may decide any step (as it always could decide any leave request); nobody decides
 * their own request. A rejection ends the approval and rejects the request; an approval that completes the
 * step moves on to the next, or, after the last, approves the request through its own engine.
 */
export async function decideStep(
  tx: Tx,
  subject: ApprovalSubject,
  actor: Actor,
  instance: ApprovalInstance,
  input: { decision: ApprovalDecision; comment: string | null },
  at: Date,
): Promise<DecisionOutcome> {
  requireOpen(instance);
  requireNotOwn(actor, instance);
  const pending = await pendingOfCurrentStep(tx, instance);
  const mine = pending.find((a) => a.assigneeUserId === actor.user.id);
  if (!mine && !isHrRole(actor.user.role)) {
    // Asked on this approval before (a step they decided, handed on, or lost to someone faster): the state moved on.
    const before = await tx.approvalAssignment.findFirst({
      where: { instanceId: instance.id, assigneeUserId: actor.user.id },
      orderBy: { createdAt: 'desc' },
    });
    const handedToHr = before?.status === 'CLOSED' && before.step === instance.currentStep && instance.stepEscalatedAt;
    if (handedToHr) throw new AppError('forbidden', 'This step was escalated: only HR decides it now');
    if (before) {
      throw new AppError(
        'conflict',
        `Step ${instance.currentStep + 1} no longer waits for you: your part is ${before.status} (step ${before.step + 1})`,
      );
    }
    throw new AppError('forbidden', 'Only the people this step waits for, or HR, can decide it');
  }
  const status = input.decision === 'approve' ? 'APPROVED' : 'REJECTED';
  if (mine) {
    await tx.approvalAssignment.update({
      where: { id: mine.id },
      data: { status, comment: input.comment, decidedAt: at },
    });
  } else {
    await tx.approvalAssignment.create({
      data: {
        tenantId: instance.tenantId,
        instanceId: instance.id,
        step: instance.currentStep,
        assigneeUserId: actor.user.id,
        reason: 'override',
        status,
        comment: input.comment,
        decidedAt: at,
      },
    });
  }

  if (input.decision === 'reject') {
    await closePending(tx, instance.id, at);
    const rejected = await tx.approvalInstance.update({
      where: { id: instance.id },
      data: { status: 'REJECTED', decidedAt: at },
    });
    await subject.commit(tx, rejected, { decision: 'reject', byUserId: actor.user.id, comment: input.comment, at });
    await emitApprovalWebhookEvent(tx, 'approval_flows.approval.rejected', rejected);
    return 'rejected';
  }

  const step = stepsOf(instance)[instance.currentStep]!;
  const approvals = await tx.approvalAssignment.count({
    where: { instanceId: instance.id, step: instance.currentStep, status: 'APPROVED' },
  });
  const asked = await tx.approvalAssignment.count({
    where: { instanceId: instance.id, step: instance.currentStep, reason: { not: 'override' } },
  });
  // HR standing in (deciding a step not theirs, or asked because the relation named nobody, or after an
  // escalation) settles the step with one approval, whatever the group's count.
  const standsIn = !mine || mine.reason === 'fallback' || mine.reason === 'escalated';
  if (standsIn || approvals >= approvalsRequired(step, asked)) {
    await closePending(tx, instance.id, at, instance.currentStep);
    const { outcome, instance: after } = await advanceApproval(tx, subject, instance, instance.currentStep + 1, {
      because: 'step',
      lastApproverUserId: actor.user.id,
      lastComment: input.comment,
      at,
    });
    await emitApprovalWebhookEvent(
      tx,
      outcome === 'approved' ? 'approval_flows.approval.approved' : 'approval_flows.approval.step_approved',
      after,
    );
    return outcome;
  }
  return 'waiting';
}

/**
 * Hands the caller's part of the current step to another active user of the tenant (not the person the request
 * is for, nor someone already asked, nor someone who already approved a step of it), who is told at once. Only
 * someone the step waits for can delegate.
 */
export async function delegateStep(
  tx: Tx,
  subject: ApprovalSubject,
  actor: Actor,
  instance: ApprovalInstance,
  input: { toUserId: string; comment: string | null },
  at: Date,
): Promise<void> {
  requireOpen(instance);
  requireNotOwn(actor, instance);
  const pending = await pendingOfCurrentStep(tx, instance);
  const mine = pending.find((a) => a.assigneeUserId === actor.user.id);
  if (!mine) throw new AppError('forbidden', 'Only someone this step waits for can delegate it');
  const to = await tx.user.findFirst({
    where: { id: input.toUserId, tenantId: instance.tenantId, status: 'active' },
    select: { id: true, employee: { select: { id: true } } },
  });
  if (!to) throw new AppError('validation_error', 'userId: no active user of this workspace has this id');
  if (to.employee?.id === instance.subjectEmployeeId) {
    throw new AppError('validation_error', 'userId: the person the request is for cannot decide it');
  }
  if (pending.some((a) => a.assigneeUserId === to.id)) {
    throw new AppError('validation_error', 'userId: this person is already asked to decide this step');
  }
  // Each approval a step or flow counts must be a different person's: handed to someone who already approved (an
  // earlier step, or this group step), one person would clear two.
  const approvedBefore = await tx.approvalAssignment.findFirst({
    where: { instanceId: instance.id, assigneeUserId: to.id, status: 'APPROVED' },
    select: { step: true },
  });
  if (approvedBefore) {
    throw new AppError(
      'validation_error',
      `userId: this person already approved step ${approvedBefore.step + 1} of this request; one person may not clear two`,
    );
  }
  await tx.approvalAssignment.update({
    where: { id: mine.id },
    data: { status: 'DELEGATED', comment: input.comment, decidedAt: at },
  });
  await tx.approvalAssignment.create({
    data: {
      tenantId: instance.tenantId,
      instanceId: instance.id,
      step: instance.currentStep,
      assigneeUserId: to.id,
      reason: 'delegated',
      delegatedByUserId: actor.user.id,
      status: 'PENDING',
    },
  });
  await emitApprovalWebhookEvent(tx, 'approval_flows.approval.delegated', instance);
  await subject.assigned(tx, instance, {
    userIds: [to.id],
    because: 'delegated',
    relation: 'person',
    managerEmployeeId: null,
    previousApproverUserId: actor.user.id,
    at,
  });
}

/** Ends an approval whose request was withdrawn (cancelled through its own engine), inside that transaction. */
export async function cancelApproval(tx: Tx, instanceId: string, at: Date): Promise<void> {
  const { count } = await tx.approvalInstance.updateMany({
    where: { id: instanceId, status: 'PENDING' },
    data: { status: 'CANCELLED', decidedAt: at },
  });
  if (count > 0) await closePending(tx, instanceId, at);
}
