import type { Offer, Prisma } from '../../db/models';
import { AppError } from '../appError';
import type { ApprovalSubject, AssignedChange } from '../approvalFlows/subject';
import { emitAtsWebhookEvent } from './atsWebhooks';
import { notifyAts, type AtsNotificationKind, type AtsNotice } from './atsNotifications';

type Tx = Prisma.TransactionClient;

const assignedKinds: Record<AssignedChange['because'], AtsNotificationKind> = {
  opened: 'ats.offer_approval_needed',
  step: 'ats.offer_approval_needed',
  delegated: 'ats.offer_approval_needed',
  escalated: 'ats.offer_escalated',
};

/** The offer's row, locked: the first lock of every writer of an offer after its opening and application. */
export async function lockOffer(tx: Tx, tenantId: string, id: string): Promise<Offer> {
  await tx.$queryRaw`SELECT id FROM offers WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
  const offer = await tx.offer.findFirst({ where: { id, tenantId } });
  if (!offer) throw new AppError('not_found', `No offer ${id}`);
  return offer;
}

/** What the offer's notifications name: its candidate and opening (never its salary). */
export async function offerNotice(tx: Tx, offer: Offer, detail?: string | null): Promise<AtsNotice> {
  const application = await tx.application.findUniqueOrThrow({ where: { id: offer.applicationId } });
  const [candidate, opening] = await Promise.all([
    tx.candidate.findUniqueOrThrow({ where: { id: application.candidateId }, select: { name: true } }),
    tx.jobOpening.findUniqueOrThrow({ where: { id: application.openingId }, select: { title: true } }),
  ]);
  return {
    tenantId: offer.tenantId,
    candidateName: candidate.name,
    openingTitle: opening.title,
    data: { offerId: offer.id, applicationId: offer.applicationId },
    detail: detail ?? null,
  };
}

/**
 * Offers as Approval Flows sees them (engines/approvalFlows/subject.ts, request type `offer`). The approval's
 * subject employee is the opening's hiring manager: a candidate is nobody's employee yet, and the hiring manager
 * is who the hire is for, so a tenant's `manager` step asks the hiring manager's manager and the hiring manager
 * never approves their own hire. The last approval makes the offer APPROVED (the candidate may then accept it);
 * whoever made the offer is told either way.
 */
export const offerApprovalSubject: ApprovalSubject = {
  requestType: 'offer',
  async lock(tx, instance) {
    await lockOffer(tx, instance.tenantId, instance.subjectId);
  },
  async commit(tx, instance, outcome) {
    const offer = await tx.offer.findFirstOrThrow({ where: { id: instance.subjectId, tenantId: instance.tenantId } });
    if (offer.status !== 'PENDING') throw new AppError('conflict', `The offer is ${offer.status}`);
    const approved = outcome.decision === 'approve';
    const decided = await tx.offer.update({
      where: { id: offer.id },
      data: { status: approved ? 'APPROVED' : 'REJECTED', decidedAt: outcome.at, decisionComment: outcome.comment },
    });
    const said = outcome.comment ? `Comment: ${outcome.comment}` : null;
    await notifyAts(
      tx,
      [decided.createdByUserId],
      approved ? 'ats.offer_approved' : 'ats.offer_rejected',
      await offerNotice(tx, decided, said),
    );
    await emitAtsWebhookEvent(tx, approved ? 'ats.offer.approved' : 'ats.offer.rejected', decided.tenantId, {
      offerId: decided.id,
      applicationId: decided.applicationId,
      status: decided.status,
    });
  },
  async assigned(tx, instance, change) {
    const offer = await tx.offer.findFirstOrThrow({ where: { id: instance.subjectId, tenantId: instance.tenantId } });
    await notifyAts(tx, change.userIds, assignedKinds[change.because], await offerNotice(tx, offer));
  },
  async reminded(tx, instance, userIds) {
    const offer = await tx.offer.findFirstOrThrow({ where: { id: instance.subjectId, tenantId: instance.tenantId } });
    await notifyAts(tx, userIds, 'ats.offer_reminder', await offerNotice(tx, offer));
  },
};
