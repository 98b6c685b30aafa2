import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { lockApproval } from './approvalProgress';
import { approvalViewsOf, findVisibleApproval, type ApprovalView } from './approvalViews';
import { decideStep, delegateStep, type ApprovalDecision, type DecisionOutcome } from './decideApproval';
import { subjectOf, type ApprovalSubjects } from './subject';

/** What the API does after a decision commits: tell the workflows (operations/approvalFlows/approvalNotices.ts). */
export type AfterDecision = (instance: {
  tenantId: string;
  id: string;
  requestType: string;
  subjectId: string;
}) => Promise<void>;

async function viewAfter(prisma: PrismaClient, id: string): Promise<ApprovalView> {
  const instance = await prisma.approvalInstance.findUniqueOrThrow({ where: { id } });
  const [view] = await approvalViewsOf(prisma, [instance]);
  if (!view) throw new AppError('internal_error', 'The approval vanished after it was decided');
  return view;
}

/**
 * Approves or rejects the current step of an approval through the API (company API, Approval Flows): 404 when
 * the caller cannot see it, 403 when the step does not wait for them (and they are not HR) or the request is
 * their own, 409 when it has ended. The last approval commits the request through its own engine, in the same
 * transaction.
 */
export async function decideApproval(
  prisma: PrismaClient,
  subjects: ApprovalSubjects,
  actor: Actor,
  id: string,
  input: { decision: ApprovalDecision; comment: string | null },
  after: AfterDecision,
): Promise<{ approval: ApprovalView; outcome: DecisionOutcome }> {
  const found = await findVisibleApproval(prisma, actor, id);
  const subject = subjectOf(subjects, found.requestType);
  const outcome = await prisma.$transaction(async (tx) => {
    await subject.lock(tx, found);
    const instance = (await lockApproval(tx, id))!;
    return decideStep(tx, subject, actor, instance, input, new Date());
  });
  await after(found);
  return { approval: await viewAfter(prisma, id), outcome };
}

/** Hands the caller's part of the current step to another user (see delegateStep). */
export async function delegateApproval(
  prisma: PrismaClient,
  subjects: ApprovalSubjects,
  actor: Actor,
  id: string,
  input: { toUserId: string; comment: string | null },
  after: AfterDecision,
): Promise<ApprovalView> {
  const found = await findVisibleApproval(prisma, actor, id);
  const subject = subjectOf(subjects, found.requestType);
  await prisma.$transaction(async (tx) => {
    await subject.lock(tx, found);
    const instance = (await lockApproval(tx, id))!;
    await delegateStep(tx, subject, actor, instance, input, new Date());
  });
  await after(found);
  return viewAfter(prisma, id);
}
