import type { ESignatureRequest } from '../../db/models';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireSignatureManager, visibleRequestsFilter } from '../access/eSignatureAccess';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { emitESignatureWebhookEvent } from '../webhooks/emitters';
import { lockDocument } from './documentLock';
import { notifyESignature } from './eSignatureNotifications';
import { requestViewsOf, type RequestStatus, type RequestView } from './requestViews';

/**
 * Signature requests (company-api.md, E-Signatures): HR asks the employees of the workspace who have an account,
 * in order, to sign one document before an expiry. The request records the document's SHA-256 when it was made;
 * the first signer is told at once. Its workflow (signaturePort.ts) reminds and expires it.
 */

/** How long a day lasts for expiries and reminders: a real day, or the test time scale (`leave.dayMs`). */
export interface SignatureTiming {
  clock: Clock;
  dayMs: number;
}

export const DAY_MS = 86_400_000;

export interface NewRequest {
  documentId: string;
  title: string;
  message?: string | undefined;
  signerEmployeeIds: readonly string[];
  expiresInDays: number;
}

/** Locks the request's row to the end of the transaction and answers it; 404 when the workspace has none. */
export async function lockRequest(tx: Db, tenantId: string, id: string): Promise<ESignatureRequest> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text AS id FROM esign_requests WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw new AppError('not_found', `No signature request ${id}`);
  return tx.eSignatureRequest.findUniqueOrThrow({ where: { id } });
}

/** Creates a request (HR): its signers are checked in order, and the first is asked to sign. */
export async function createRequest(
  prisma: PrismaClient,
  actor: Actor,
  input: NewRequest,
  timing: SignatureTiming,
): Promise<RequestView> {
  requireSignatureManager(actor, 'request signatures');
  const tenantId = actor.tenant.id;
  const people = await prisma.employee.findMany({
    where: { tenantId, id: { in: [...input.signerEmployeeIds] } },
    select: { id: true, userId: true, name: true },
  });
  const signers = input.signerEmployeeIds.map((employeeId, i) => {
    const person = people.find((p) => p.id === employeeId);
    if (!person)
      throw new AppError('validation_error', `signerEmployeeIds[${i}]: no person ${employeeId} in this workspace`);
    if (!person.userId) {
      throw new AppError(
        'validation_error',
        `signerEmployeeIds[${i}]: ${person.name} has no user account to sign with`,
      );
    }
    return { employeeId, userId: person.userId, position: i + 1 };
  });
  const now = timing.clock.now();
  const row = await prisma.$transaction(async (tx) => {
    await lockDocument(tx, tenantId, input.documentId);
    const document = await tx.eSignatureDocument.findUniqueOrThrow({ where: { id: input.documentId } });
    const created = await tx.eSignatureRequest.create({
      data: {
        tenantId,
        documentId: document.id,
        title: input.title,
        message: input.message ?? null,
        requestedByUserId: actor.user.id,
        documentSha256: document.sha256,
        expiresAt: new Date(now.getTime() + input.expiresInDays * timing.dayMs),
      },
    });
    await tx.eSignatureSigner.createMany({
      data: signers.map((s) => ({
        tenantId,
        requestId: created.id,
        ...s,
        ...(s.position === 1 ? { turnAt: now } : {}),
      })),
    });
    await notifyESignature(tx, {
      kind: 'e_signatures.signature_requested',
      tenantId,
      userId: signers[0]!.userId,
      request: created,
    });
    await emitESignatureWebhookEvent(tx, 'e_signatures.request.created', created, signers[0]);
    return created;
  });
  const [view] = await requestViewsOf(prisma, [row], timing.clock);
  return view!;
}

/** A request `actor` may read (its requester or a signer), or 404. */
export async function findVisibleRequest(prisma: PrismaClient, actor: Actor, id: string): Promise<ESignatureRequest> {
  const row = await prisma.eSignatureRequest.findFirst({
    where: { AND: [{ id }, await visibleRequestsFilter(prisma, actor)] },
  });
  if (!row) throw new AppError('not_found', `No signature request ${id}`);
  return row;
}

/** One request `actor` may read, as the API answers it. */
export async function getRequest(prisma: PrismaClient, actor: Actor, id: string, clock: Clock): Promise<RequestView> {
  const [view] = await requestViewsOf(prisma, [await findVisibleRequest(prisma, actor, id)], clock);
  return view!;
}

export interface RequestQuery {
  /** Stored status; a pending one past its expiry is answered as expired but listed with the pending. */
  status?: RequestStatus | undefined;
  /** `me`: only those waiting for the caller's signature now. */
  toSign?: boolean | undefined;
  documentId?: string | undefined;
  limit: number;
  after?: string | undefined;
}

/** The requests `actor` may read, newest first, a page at a time. */
export async function listRequests(
  prisma: PrismaClient,
  actor: Actor,
  query: RequestQuery,
  clock: Clock,
): Promise<{ requests: RequestView[]; nextCursor: string | null }> {
  const turn = query.toSign
    ? (
        await prisma.eSignatureSigner.findMany({
          where: { tenantId: actor.tenant.id, userId: actor.user.id, signedAt: null, declinedAt: null },
          select: { requestId: true, position: true },
        })
      ).map((s) => ({ id: s.requestId, currentPosition: s.position, status: 'pending' as const }))
    : undefined;
  const rows = await prisma.eSignatureRequest.findMany({
    where: {
      AND: [
        await visibleRequestsFilter(prisma, actor),
        query.status ? { status: query.status } : {},
        query.documentId ? { documentId: query.documentId } : {},
        turn ? { OR: turn.length > 0 ? turn : [{ id: { in: [] } }] } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    requests: await requestViewsOf(prisma, page, clock),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}
