import type { ESignatureRequest, ESignatureSigner, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import type { BlobStore } from '../blobs/blobStore';
import { emitESignatureWebhookEvent } from '../webhooks/emitters';
import { lockDocument } from './documentLock';
import { notifyESignature } from './eSignatureNotifications';
import { requestViewsOf, statusAt, type RequestView } from './requestViews';
import { findVisibleRequest, lockRequest, type SignatureTiming } from './requests';
import { signaturePagePdf } from './signedPdf';

/**
 * Signing and declining (company-api.md, E-Signatures). Only the signer whose turn it is acts, on a pending request
 * before its expiry (checked here, not only by the workflow). A signature binds the SHA-256 the signer saw, which
 * must be the document's as the request recorded it and as it is now: otherwise 409, and nothing is written. The
 * last signature completes the request and stores its signed PDF; a decline ends it.
 */

type Tx = Prisma.TransactionClient;

/** The signer whose turn it is, after the checks every action of a signer shares; 409/403 otherwise. */
async function requireTurn(tx: Tx, actor: Actor, request: ESignatureRequest, now: Date): Promise<ESignatureSigner> {
  const status = statusAt(request, now);
  if (status !== 'pending') {
    throw new AppError('conflict', `The signature request is ${status}; nothing more can be signed or declined`, {
      status,
    });
  }
  const signers = await tx.eSignatureSigner.findMany({
    where: { requestId: request.id },
    orderBy: { position: 'asc' },
  });
  const mine = signers.find((s) => s.userId === actor.user.id);
  if (!mine) throw new AppError('forbidden', 'Only the signers of this request may sign or decline it');
  const current = signers.find((s) => s.position === request.currentPosition)!;
  if (mine.id !== current.id) {
    const state = mine.signedAt ? 'you signed already' : `signer ${current.position} of ${signers.length} signs first`;
    throw new AppError('conflict', `It is not your turn to sign: ${state}`, { status: 'not_your_turn' });
  }
  return current;
}

/** Signs the request as its current signer, binding `documentSha256`; the last signature completes it. */
export async function signRequest(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: { documentSha256: string },
  deps: SignatureTiming & { blobs: BlobStore },
): Promise<RequestView> {
  const seen = await findVisibleRequest(prisma, actor, id);
  const row = await prisma.$transaction(async (tx) => {
    await lockDocument(tx, actor.tenant.id, seen.documentId);
    const request = await lockRequest(tx, actor.tenant.id, id);
    const signer = await requireTurn(tx, actor, request, deps.clock.now());
    const document = await tx.eSignatureDocument.findUniqueOrThrow({ where: { id: request.documentId } });
    if (document.sha256 !== request.documentSha256) {
      throw new AppError(
        'conflict',
        `The document changed since the request was made (SHA-256 ${request.documentSha256}, now ${document.sha256}); it cannot be signed`,
        { status: 'document_changed' },
      );
    }
    if (input.documentSha256 !== request.documentSha256) {
      throw new AppError(
        'conflict',
        `documentSha256: ${input.documentSha256} is not the document's SHA-256 (${request.documentSha256}); download it again`,
        { status: 'hash_mismatch' },
      );
    }
    const signedAt = new Date();
    await tx.eSignatureSigner.update({
      where: { id: signer.id },
      data: { signedAt, signedSha256: input.documentSha256 },
    });
    const next = await tx.eSignatureSigner.findUnique({
      where: { requestId_position: { requestId: id, position: signer.position + 1 } },
    });
    if (next) {
      const updated = await tx.eSignatureRequest.update({ where: { id }, data: { currentPosition: next.position } });
      await tx.eSignatureSigner.update({ where: { id: next.id }, data: { turnAt: deps.clock.now() } });
      await notifyESignature(tx, {
        kind: 'e_signatures.signature_requested',
        tenantId: updated.tenantId,
        userId: next.userId,
        request: updated,
      });
      await emitESignatureWebhookEvent(tx, 'e_signatures.request.signed', updated, signer);
      return updated;
    }
    const pdf = await signedPdfOf(tx, request, document, signedAt);
    // The blob first: a row never names content that is not stored (a blob left by a rollback is harmless).
    const blob = await deps.blobs.put(pdf);
    const completed = await tx.eSignatureRequest.update({
      where: { id },
      data: {
        status: 'completed',
        currentPosition: signer.position + 1,
        endedAt: signedAt,
        signedPdfSha256: blob.sha256,
        signedPdfSize: blob.size,
      },
    });
    await notifyESignature(tx, {
      kind: 'e_signatures.request_completed',
      tenantId: completed.tenantId,
      userId: completed.requestedByUserId,
      request: completed,
    });
    await emitESignatureWebhookEvent(tx, 'e_signatures.request.signed', completed, signer);
    await emitESignatureWebhookEvent(tx, 'e_signatures.request.completed', completed);
    return completed;
  });
  const [view] = await requestViewsOf(prisma, [row], deps.clock);
  return view!;
}

async function signedPdfOf(
  tx: Tx,
  request: ESignatureRequest,
  document: { title: string; filename: string; size: number; sha256: string },
  completedAt: Date,
): Promise<Buffer> {
  const signers = await tx.eSignatureSigner.findMany({
    where: { requestId: request.id },
    orderBy: { position: 'asc' },
  });
  const people = await tx.employee.findMany({
    where: { id: { in: signers.map((s) => s.employeeId) } },
    select: { id: true, name: true },
  });
  const requester = await tx.user.findUnique({ where: { id: request.requestedByUserId }, select: { name: true } });
  return signaturePagePdf({
    requestId: request.id,
    title: request.title,
    document,
    requestedBy: requester?.name ?? request.requestedByUserId,
    requestedAt: request.createdAt.toISOString(),
    signers: signers.map((s) => ({
      position: s.position,
      name: people.find((p) => p.id === s.employeeId)?.name ?? s.employeeId,
      signedAt: s.signedAt!.toISOString(),
      sha256: s.signedSha256!,
    })),
    completedAt: completedAt.toISOString(),
  });
}

/** Declines the request as its current signer, with a reason: the request ends, declined. */
export async function declineRequest(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: { reason: string },
  timing: SignatureTiming,
): Promise<RequestView> {
  const seen = await findVisibleRequest(prisma, actor, id);
  const row = await prisma.$transaction(async (tx) => {
    await lockDocument(tx, actor.tenant.id, seen.documentId);
    const request = await lockRequest(tx, actor.tenant.id, id);
    const signer = await requireTurn(tx, actor, request, timing.clock.now());
    const declinedAt = new Date();
    await tx.eSignatureSigner.update({ where: { id: signer.id }, data: { declinedAt, declineReason: input.reason } });
    const declined = await tx.eSignatureRequest.update({
      where: { id },
      data: { status: 'declined', endedAt: declinedAt },
    });
    await notifyESignature(tx, {
      kind: 'e_signatures.request_declined',
      tenantId: declined.tenantId,
      userId: declined.requestedByUserId,
      request: declined,
    });
    await emitESignatureWebhookEvent(tx, 'e_signatures.request.declined', declined, signer);
    return declined;
  });
  const [view] = await requestViewsOf(prisma, [row], timing.clock);
  return view!;
}
