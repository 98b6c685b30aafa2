import type { PrismaClient } from '../../db/prismaClient';
import type { MessageAttachment } from '../../model/types';
import type { BlobStore } from '../blobs/blobStore';
import { spreadsheetText } from './spreadsheetText';

/** How much of a file's text the model reads: enough for a long CSV of dates, not a whole data dump. */
export const MODEL_TEXT_LIMIT_BYTES = 64 * 1024;

const textTypes: readonly string[] = ['text/csv', 'text/plain', 'application/json'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type AttachmentForModel = MessageAttachment;

async function readText(store: BlobStore, sha256: string, size: number): Promise<string> {
  const end = Math.min(size, MODEL_TEXT_LIMIT_BYTES) - 1;
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(sha256, { start: 0, end })) chunks.push(chunk as Buffer);
  // A multi-byte character cut at the limit decodes as U+FFFD; drop it rather than show a broken character.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}

async function readAll(store: BlobStore, sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The attachments of each of these messages, as the model reads them, keyed by message id. Text is extracted from
 * CSV, plain text and JSON, and from XLSX (its first sheet, as CSV); other formats are named without their content.
 */
export async function attachmentsForModel(
  prisma: PrismaClient,
  store: BlobStore,
  messageIds: readonly string[],
): Promise<Map<string, AttachmentForModel[]>> {
  const links = await prisma.agentMessageAttachment.findMany({
    where: { messageId: { in: [...messageIds] } },
    orderBy: [{ messageId: 'asc' }, { position: 'asc' }],
  });
  const byMessage = new Map<string, AttachmentForModel[]>();
  if (links.length === 0) return byMessage;
  const rows = await prisma.agentAttachment.findMany({ where: { id: { in: links.map((l) => l.attachmentId) } } });
  for (const link of links) {
    const row = rows.find((r) => r.id === link.attachmentId);
    if (!row) continue;
    const item: AttachmentForModel = {
      id: row.id,
      filename: row.filename,
      contentType: row.contentType,
      size: row.size,
    };
    if (textTypes.includes(row.contentType)) {
      item.text = await readText(store, row.sha256, row.size);
      if (row.size > MODEL_TEXT_LIMIT_BYTES) item.truncated = true;
    } else if (row.contentType === XLSX) {
      const text = await spreadsheetText(await readAll(store, row.sha256));
      if (text !== undefined) {
        item.text = text.slice(0, MODEL_TEXT_LIMIT_BYTES);
        if (text.length > MODEL_TEXT_LIMIT_BYTES) item.truncated = true;
      }
    }
    byMessage.set(link.messageId, [...(byMessage.get(link.messageId) ?? []), item]);
  }
  return byMessage;
}
