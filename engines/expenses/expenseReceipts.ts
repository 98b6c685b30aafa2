import type { Db } from '../../db/handle';
import { AppError } from '../appError';
import type { AttachmentRow } from '../attachments/attachments';

/**
 * Receipts are attachments (the upload machinery of the Agent API: engines/attachments), of a kind a receipt can
 * be: a scan or a photo, or the PDF a shop sent. A line may carry one uploaded by the claimant, or by the person
 * writing the claim for them (HR); anyone else's is refused as if it did not exist.
 */
export const receiptContentTypes = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * The receipts `lines` name, checked: 400 naming `lines.<i>.receiptAttachmentId` for one that is not an
 * attachment of `uploaderIds` in the tenant, or not of a receipt's type. Answers them by id.
 */
export async function checkReceipts(
  db: Db,
  tenantId: string,
  uploaderIds: readonly string[],
  lines: ReadonlyArray<{ receiptAttachmentId?: string | undefined }>,
): Promise<Map<string, AttachmentRow>> {
  const ids = [...new Set(lines.flatMap((l) => (l.receiptAttachmentId ? [l.receiptAttachmentId] : [])))];
  const rows =
    ids.length === 0
      ? []
      : await db.agentAttachment.findMany({ where: { id: { in: ids }, tenantId, userId: { in: [...uploaderIds] } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  lines.forEach((line, i) => {
    const id = line.receiptAttachmentId;
    if (!id) return;
    const row = byId.get(id);
    if (!row) {
      throw new AppError(
        'validation_error',
        `lines.${i}.receiptAttachmentId: no receipt ${id} of the claimant's (upload it with POST /api/expenses/receipts)`,
      );
    }
    if (!(receiptContentTypes as readonly string[]).includes(row.contentType)) {
      throw new AppError(
        'validation_error',
        `lines.${i}.receiptAttachmentId: ${row.filename} is ${row.contentType}; a receipt is a PDF, PNG, JPEG or WebP file`,
      );
    }
  });
  return byId;
}
