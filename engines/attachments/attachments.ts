import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import type { Db } from '../../db/handle';

/** An attachment as the API answers it (`data.attachment`). */
export interface AttachmentView {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
}

export interface AttachmentRow {
  id: string;
  tenantId: string;
  userId: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: Date;
}

export function toAttachmentView(row: AttachmentRow): AttachmentView {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
  };
}

const extensions: Record<string, string> = {
  'text/csv': 'csv',
  'text/plain': 'txt',
  'application/json': 'json',
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** The file extension of a media type (`csv`), `bin` when unknown. */
export function extensionOf(contentType: string): string {
  return extensions[contentType] ?? 'bin';
}

/**
 * The name kept for a file: the last path segment of what the client sent (no directories, no control
 * characters), at most 200 characters, or `attachment.<ext>` when nothing usable is left.
 */
export function safeFilename(name: string | undefined, contentType: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean === '' || clean === '.' || clean === '..') return `attachment.${extensionOf(contentType)}`;
  return clean.slice(0, 200);
}

/**
 * Records an uploaded file as an attachment of the actor. The blob is committed first: a row never names content
 * that is not stored (a blob without a row, after a crash in between, is harmless and shared by content).
 */
export async function createAttachment(
  prisma: PrismaClient,
  actor: Actor,
  upload: { filename?: string; contentType: string; sha256: string; size: number; commit(): Promise<void> },
): Promise<AttachmentView> {
  await upload.commit();
  const row = await prisma.agentAttachment.create({
    data: {
      tenantId: actor.tenant.id,
      userId: actor.user.id,
      filename: safeFilename(upload.filename, upload.contentType),
      contentType: upload.contentType,
      size: upload.size,
      sha256: upload.sha256,
    },
  });
  return toAttachmentView(row);
}

/**
 * The actor's own attachments with these ids, in the order asked. An id that is not theirs (another user's,
 * another workspace's, or none) answers 404 naming it, as if it did not exist.
 */
export async function findOwnAttachments(db: Db, actor: Actor, ids: readonly string[]): Promise<AttachmentRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.agentAttachment.findMany({
    where: { id: { in: unique }, tenantId: actor.tenant.id, userId: actor.user.id },
  });
  const missing = unique.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) {
    throw new AppError('not_found', `No such attachment: ${missing.join(', ')}`, { attachmentIds: missing });
  }
  return unique.map((id) => rows.find((row) => row.id === id)!);
}

/** Links a user message to the attachments it references, in order. */
export async function linkMessageAttachments(
  db: Db,
  messageId: string,
  attachments: readonly { id: string }[],
): Promise<void> {
  if (attachments.length === 0) return;
  await db.agentMessageAttachment.createMany({
    data: attachments.map((a, position) => ({ messageId, attachmentId: a.id, position })),
  });
}
