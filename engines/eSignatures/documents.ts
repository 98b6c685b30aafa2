import type { ESignatureDocument } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireSignatureManager, visibleDocumentsFilter } from '../access/eSignatureAccess';
import { AppError } from '../appError';
import { createAttachment } from '../attachments/attachments';
import { lockDocument, requireUnsigned } from './documentLock';

/**
 * Documents to sign (company-api.md, E-Signatures): HR uploads a file (PDF, PNG, JPEG), kept as an attachment
 * (engines/attachments) in the blob store under the SHA-256 the store computed while the bytes streamed in; the
 * document records that hash, never one a client sent. HR may replace the file or delete the document until a
 * signature exists (documentLock.ts).
 */
export const documentContentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export interface DocumentView {
  id: string;
  title: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  createdByUserId: string;
  createdAt: string;
  updatedAt: string;
}

export interface DocumentUpload {
  filename?: string | undefined;
  contentType: string;
  sha256: string;
  size: number;
  commit(): Promise<void>;
}

export function toDocumentView(row: ESignatureDocument): DocumentView {
  return {
    id: row.id,
    title: row.title,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    createdByUserId: row.createdByUserId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Records an uploaded file as a document to sign (HR). */
export async function createDocument(
  prisma: PrismaClient,
  actor: Actor,
  title: string,
  upload: DocumentUpload,
): Promise<DocumentView> {
  requireSignatureManager(actor, 'upload documents to sign');
  const attachment = await createAttachment(prisma, actor, upload);
  const row = await prisma.eSignatureDocument.create({
    data: {
      tenantId: actor.tenant.id,
      title,
      attachmentId: attachment.id,
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.size,
      sha256: attachment.sha256,
      createdByUserId: actor.user.id,
    },
  });
  return toDocumentView(row);
}

/** A document `actor` may read (HR any; others those of the requests they see), or 404. */
export async function findVisibleDocument(prisma: PrismaClient, actor: Actor, id: string): Promise<ESignatureDocument> {
  const row = await prisma.eSignatureDocument.findFirst({
    where: { AND: [{ id }, await visibleDocumentsFilter(prisma, actor)] },
  });
  if (!row) throw new AppError('not_found', `No document ${id}`);
  return row;
}

/**
 * Replaces a document's file (HR), keeping its id and title: 409 once signed. A pending request keeps the hash it
 * was made with, so its signers cannot sign the new file (their hash no longer matches: 409 too).
 */
export async function replaceDocumentFile(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  upload: DocumentUpload,
): Promise<DocumentView> {
  requireSignatureManager(actor, 'replace documents to sign');
  await findVisibleDocument(prisma, actor, id);
  // The refusal first, so a signed document's replacement stores no attachment row; the blob is committed after.
  await prisma.$transaction(async (tx) => {
    await lockDocument(tx, actor.tenant.id, id);
    await requireUnsigned(tx, id, 'replaced');
  });
  const attachment = await createAttachment(prisma, actor, upload);
  return prisma.$transaction(async (tx) => {
    await lockDocument(tx, actor.tenant.id, id);
    // Checked again under the lock: a signature may have arrived since.
    await requireUnsigned(tx, id, 'replaced');
    const row = await tx.eSignatureDocument.update({
      where: { id },
      data: {
        attachmentId: attachment.id,
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: attachment.size,
        sha256: attachment.sha256,
      },
    });
    return toDocumentView(row);
  });
}

/**
 * Deletes a document (HR) with its ended requests that hold no signature: 409 once signed, and 409 while a request
 * on it is pending (its signers were asked to sign it: the request ends first, declined or expired).
 */
export async function deleteDocument(prisma: PrismaClient, actor: Actor, id: string): Promise<void> {
  requireSignatureManager(actor, 'delete documents to sign');
  await findVisibleDocument(prisma, actor, id);
  await prisma.$transaction(async (tx) => {
    await lockDocument(tx, actor.tenant.id, id);
    await requireUnsigned(tx, id, 'deleted');
    const pending = await tx.eSignatureRequest.count({ where: { documentId: id, status: 'pending' } });
    if (pending > 0) {
      throw new AppError(
        'conflict',
        `The document is awaiting signatures (${pending} pending request(s)); it cannot be deleted`,
        {
          status: 'pending',
        },
      );
    }
    const requests = (await tx.eSignatureRequest.findMany({ where: { documentId: id }, select: { id: true } })).map(
      (r) => r.id,
    );
    await tx.eSignatureSigner.deleteMany({ where: { requestId: { in: requests } } });
    await tx.eSignatureRequest.deleteMany({ where: { id: { in: requests } } });
    await tx.eSignatureDocument.delete({ where: { id } });
  });
}
