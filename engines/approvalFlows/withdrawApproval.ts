import type { ApprovalInstance, Prisma } from '../../db/models';
import { lockApproval, pendingOfCurrentStep } from './approvalProgress';
import { cancelApproval } from './decideApproval';
import type { ApprovalRequestType } from './flowDefinition';

type Tx = Prisma.TransactionClient;

/**
 * A request's approval, locked for the rest of the transaction, or null when it has none. A request withdrawn through
 * its own API takes this lock before it changes the request's row: the order of every writer
 * (approvalProgress.lockApproval, docs/approval-flows.md "Locks").
 */
export async function lockApprovalOf(
  tx: Tx,
  requestType: ApprovalRequestType,
  subjectId: string,
): Promise<ApprovalInstance | null> {
  const found = await tx.approvalInstance.findUnique({
    where: { requestType_subjectId: { requestType, subjectId } },
    select: { id: true },
  });
  return found ? lockApproval(tx, found.id) : null;
}

/**
 * Ends the approval of a withdrawn request while it waits (a decided one stays as it is), and answers the users its
 * current step was waiting for, so the request's engine can tell them nothing is left to decide.
 */
export async function withdrawApproval(tx: Tx, approval: ApprovalInstance | null, at: Date): Promise<string[]> {
  if (approval?.status !== 'PENDING') return [];
  const asked = (await pendingOfCurrentStep(tx, approval)).map((a) => a.assigneeUserId);
  await cancelApproval(tx, approval.id, at);
  return asked;
}
