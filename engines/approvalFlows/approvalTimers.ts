import type { ApprovalInstance, ApprovalStatus, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { activeHrUserIds } from './assignees';
import { closePending, lockApproval, pendingOfCurrentStep, stepsOf } from './approvalProgress';
import { subjectOf, type ApprovalSubject, type ApprovalSubjects } from './subject';

/**
 * The timed steps the approval workflow (workflows/approvalFlow) takes: a reminder to the people the current
 * step waits for, then an escalation to HR. Each is idempotent and claims its step with one conditional UPDATE,
 * a no-op once the step is decided, moved on, or already reminded or escalated: a retried or late activity never
 * reminds twice nor escalates a decided step.
 */

/** How long steps wait: `minuteMs` per configured minute (a test time scale), and the defaults of unset steps. */
export interface StepDurations {
  minuteMs: number;
  defaultRemindAfterMs: number;
  defaultEscalateAfterMs: number;
}

/** What the workflow needs to know of its approval; null when it does not exist in the tenant. */
export interface ApprovalSnapshot {
  status: ApprovalStatus;
  currentStep: number;
  stepCount: number;
  /** The next timed step of the current step and how long until it is due; null when none is left. */
  next: { kind: 'remind' | 'escalate'; step: number; inMs: number } | null;
  /**
   * For the workflow's current details: the approval's summary, and the names of the people the current step
   * still waits for (empty once decided). Absent from reads recorded before they were added.
   */
  summary?: string;
  waitingFor?: string[];
}

/** The names of the people still asked to decide step `step` of an approval, in the order they were asked. */
export async function namesWaitedFor(
  prisma: Pick<PrismaClient, 'approvalAssignment' | 'user'>,
  instanceId: string,
  step: number,
): Promise<string[]> {
  const pending = await prisma.approvalAssignment.findMany({
    where: { instanceId, step, status: 'PENDING' },
    orderBy: { createdAt: 'asc' },
    select: { assigneeUserId: true },
  });
  if (pending.length === 0) return [];
  const users = await prisma.user.findMany({
    where: { id: { in: pending.map((p) => p.assigneeUserId) } },
    select: { id: true, name: true },
  });
  const names = new Map(users.map((u) => [u.id, u.name]));
  return [...new Set(pending.map((p) => names.get(p.assigneeUserId)).filter((n): n is string => n !== undefined))];
}

export async function readApprovalSnapshot(
  prisma: PrismaClient,
  ref: { tenantId: string; instanceId: string },
  durations: StepDurations,
  now: Date,
): Promise<ApprovalSnapshot | null> {
  const instance = await prisma.approvalInstance.findFirst({ where: { id: ref.instanceId, tenantId: ref.tenantId } });
  if (!instance) return null;
  const steps = stepsOf(instance);
  const snapshot: ApprovalSnapshot = {
    status: instance.status,
    currentStep: instance.currentStep,
    stepCount: steps.length,
    next: null,
    summary: instance.summary,
    waitingFor: instance.status === 'PENDING' ? await namesWaitedFor(prisma, instance.id, instance.currentStep) : [],
  };
  const step = steps[instance.currentStep];
  if (instance.status !== 'PENDING' || !step || instance.stepEscalatedAt) return snapshot;
  const remindMs =
    step.remindAfterMinutes === undefined
      ? durations.defaultRemindAfterMs
      : step.remindAfterMinutes * durations.minuteMs;
  const escalateMs =
    step.escalateAfterMinutes === undefined
      ? durations.defaultEscalateAfterMs
      : step.escalateAfterMinutes * durations.minuteMs;
  const due = instance.stepRemindedAt
    ? { kind: 'escalate' as const, at: instance.stepRemindedAt.getTime() + escalateMs }
    : { kind: 'remind' as const, at: instance.stepStartedAt.getTime() + remindMs };
  snapshot.next = { kind: due.kind, step: instance.currentStep, inMs: Math.max(0, due.at - now.getTime()) };
  return snapshot;
}

type StepRef = { tenantId: string; instanceId: string; step: number };

/**
 * Runs `step` in a transaction on the approval, holding its row lock (see lockApproval for the order of locks),
 * then answers the approval's status. Nothing happens for an approval that does not exist.
 */
async function onLockedApproval(
  prisma: PrismaClient,
  subjects: ApprovalSubjects,
  ref: StepRef,
  step: (tx: Prisma.TransactionClient, instance: ApprovalInstance, subject: ApprovalSubject) => Promise<void>,
): Promise<ApprovalStatus | null> {
  await prisma.$transaction(async (tx) => {
    const instance = await lockApproval(tx, ref.instanceId);
    if (!instance || instance.tenantId !== ref.tenantId) return;
    await step(tx, instance, subjectOf(subjects, instance.requestType));
  });
  return statusOf(prisma, ref);
}

/** Reminds the people step `step` waits for, once per step (see the claim). Answers the approval's status after. */
export async function remindApprovalStep(
  prisma: PrismaClient,
  subjects: ApprovalSubjects,
  ref: StepRef,
  now: Date,
): Promise<ApprovalStatus | null> {
  return onLockedApproval(prisma, subjects, ref, async (tx, instance, subject) => {
    // Once per step, and once more for those a step was escalated to (the workflow itself never asks for that).
    const claimed = await tx.$executeRaw`
      UPDATE approval_instances SET step_reminded_at = ${now}, updated_at = now()
      WHERE id = ${instance.id}::uuid AND status = 'PENDING' AND current_step = ${ref.step}
        AND (step_reminded_at IS NULL OR (step_escalated_at IS NOT NULL AND step_reminded_at < step_escalated_at))`;
    if (claimed === 0) return;
    const pending = await pendingOfCurrentStep(tx, instance);
    await subject.reminded(
      tx,
      instance,
      pending.map((a) => a.assigneeUserId),
      now,
    );
  });
}

/**
 * Hands step `step` to HR: the people it waited for are no longer asked, every active HR user is (the person the
 * request is for excepted), and they are told. Once per step; when the step already waits for HR, only the
 * escalation time is recorded.
 */
export async function escalateApprovalStep(
  prisma: PrismaClient,
  subjects: ApprovalSubjects,
  ref: StepRef,
  now: Date,
): Promise<ApprovalStatus | null> {
  return onLockedApproval(prisma, subjects, ref, async (tx, instance, subject) => {
    const { count } = await tx.approvalInstance.updateMany({
      where: { id: instance.id, status: 'PENDING', currentStep: ref.step, stepEscalatedAt: null },
      data: { stepEscalatedAt: now },
    });
    if (count === 0) return;
    const employee = await tx.employee.findUnique({
      where: { id: instance.subjectEmployeeId },
      select: { userId: true },
    });
    const hr = await activeHrUserIds(tx, instance.tenantId, employee?.userId ?? null);
    const waiting = new Set((await pendingOfCurrentStep(tx, instance)).map((a) => a.assigneeUserId));
    if (hr.every((id) => waiting.has(id))) return;
    await closePending(tx, instance.id, now, ref.step);
    await tx.approvalAssignment.createMany({
      data: hr.map((assigneeUserId) => ({
        tenantId: instance.tenantId,
        instanceId: instance.id,
        step: ref.step,
        assigneeUserId,
        reason: 'escalated',
        status: 'PENDING' as const,
      })),
    });
    await subject.assigned(tx, instance, {
      userIds: hr,
      because: 'escalated',
      relation: 'hr',
      managerEmployeeId: null,
      at: now,
    });
  });
}

async function statusOf(
  prisma: PrismaClient,
  ref: { tenantId: string; instanceId: string },
): Promise<ApprovalStatus | null> {
  const row = await prisma.approvalInstance.findFirst({
    where: { id: ref.instanceId, tenantId: ref.tenantId },
    select: { status: true },
  });
  return row?.status ?? null;
}
