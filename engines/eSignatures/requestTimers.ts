import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import { emitESignatureWebhookEvent } from '../webhooks/emitters';
import { notifyESignature } from './eSignatureNotifications';
import { lockRequest, type SignatureTiming } from './requests';
import type { SignatureRequestRef } from './signaturePort';

/**
 * What a request's workflow waits for, and does when the wait is over: remind the signer whose turn it is every
 * `REMIND_EVERY_DAYS` of their turn, and expire the request at its expiry. Both write under the request's row lock
 * and check that the moment has come and the request is still pending at that turn, so a retried or replayed step,
 * or one that lost a race with a signature, writes nothing ('stale').
 */
export const REMIND_EVERY_DAYS = 2;

/** A request as its workflow sees it; null when it no longer exists (its document was deleted). */
export interface RequestTimers {
  status: 'pending' | 'completed' | 'declined' | 'expired';
  title: string;
  currentPosition: number;
  signerCount: number;
  /** Milliseconds from the read until the expiry; until the current signer's next reminder. */
  msUntilExpiry: number;
  msUntilReminder: number;
}

export type TimerOutcome = 'done' | 'stale';

async function reminderDue(db: Db, requestId: string, position: number, dayMs: number) {
  const signer = await db.eSignatureSigner.findUnique({
    where: { requestId_position: { requestId, position } },
  });
  const since = signer?.remindedAt ?? signer?.turnAt;
  return { signer, dueAt: since ? since.getTime() + REMIND_EVERY_DAYS * dayMs : Number.POSITIVE_INFINITY };
}

/** Reads the request for its workflow. */
export async function readRequestTimers(
  prisma: PrismaClient,
  ref: SignatureRequestRef,
  timing: SignatureTiming,
): Promise<RequestTimers | null> {
  const row = await prisma.eSignatureRequest.findFirst({ where: { id: ref.requestId, tenantId: ref.tenantId } });
  if (!row) return null;
  const signerCount = await prisma.eSignatureSigner.count({ where: { requestId: row.id } });
  const now = timing.clock.now().getTime();
  const { dueAt } = await reminderDue(prisma, row.id, row.currentPosition, timing.dayMs);
  return {
    status: row.status,
    title: row.title,
    currentPosition: row.currentPosition,
    signerCount,
    msUntilExpiry: Math.max(0, row.expiresAt.getTime() - now),
    msUntilReminder: Number.isFinite(dueAt) ? Math.max(0, dueAt - now) : row.expiresAt.getTime() - now + 1,
  };
}

/** Expires the request when it is pending and its expiry has come; tells the requester. */
export async function expireRequest(
  prisma: PrismaClient,
  ref: SignatureRequestRef,
  timing: SignatureTiming,
): Promise<TimerOutcome> {
  return prisma.$transaction(async (tx) => {
    const request = await lockRequest(tx, ref.tenantId, ref.requestId);
    const now = timing.clock.now();
    if (request.status !== 'pending' || now.getTime() < request.expiresAt.getTime()) return 'stale';
    const expired = await tx.eSignatureRequest.update({
      where: { id: request.id },
      data: { status: 'expired', endedAt: new Date() },
    });
    await notifyESignature(tx, {
      kind: 'e_signatures.request_expired',
      tenantId: expired.tenantId,
      userId: expired.requestedByUserId,
      request: expired,
    });
    await emitESignatureWebhookEvent(tx, 'e_signatures.request.expired', expired);
    return 'done';
  });
}

/** Reminds the signer at `position` when it is still their turn and the reminder is due. */
export async function remindSigner(
  prisma: PrismaClient,
  ref: SignatureRequestRef & { position: number },
  timing: SignatureTiming,
): Promise<TimerOutcome> {
  return prisma.$transaction(async (tx) => {
    const request = await lockRequest(tx, ref.tenantId, ref.requestId);
    if (request.status !== 'pending' || request.currentPosition !== ref.position) return 'stale';
    const { signer, dueAt } = await reminderDue(tx, request.id, ref.position, timing.dayMs);
    const now = timing.clock.now();
    if (!signer || now.getTime() < dueAt) return 'stale';
    await tx.eSignatureSigner.update({ where: { id: signer.id }, data: { remindedAt: now } });
    await notifyESignature(tx, {
      kind: 'e_signatures.signature_requested',
      tenantId: request.tenantId,
      userId: signer.userId,
      request,
      reminder: true,
    });
    return 'done';
  });
}
