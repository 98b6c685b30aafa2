import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { createAttachment, type AttachmentRow } from '../attachments/attachments';
import { findVisibleCertification, requireCertificationWriter } from './certificationAccess';

/**
 * A certification's document (the scanned certificate or licence): a file of the upload machinery
 * (engines/attachments), uploaded by the holder or HR onto the certification itself, replacing any before it.
 * Anyone who sees the certification downloads it.
 */
export const certificationDocumentTypes = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;

export async function attachCertificationDocument(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  upload: { filename?: string; contentType: string; sha256: string; size: number; commit(): Promise<void> },
): Promise<void> {
  const current = await findVisibleCertification(prisma, actor, id);
  requireCertificationWriter(actor, current.employeeId);
  const attachment = await createAttachment(prisma, actor, upload);
  await prisma.certification.update({ where: { id }, data: { documentAttachmentId: attachment.id } });
}

/** The document of a certification `actor` sees; 404 when there is none. */
export async function certificationDocument(prisma: PrismaClient, actor: Actor, id: string): Promise<AttachmentRow> {
  const current = await findVisibleCertification(prisma, actor, id);
  const row = current.documentAttachmentId
    ? await prisma.agentAttachment.findFirst({
        where: { id: current.documentAttachmentId, tenantId: current.tenantId },
      })
    : null;
  if (!row) throw new AppError('not_found', `Certification ${id} has no document`);
  return row;
}
