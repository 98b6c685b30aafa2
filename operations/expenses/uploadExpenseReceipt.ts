import { z } from 'zod';
import { createAttachment } from '../../engines/attachments/attachments';
import { contentMismatch } from '../../engines/attachments/attachmentTypes';
import { receiptContentTypes } from '../../engines/expenses/expenseReceipts';
import { Attachment } from '../agent/artifactSchemas';
import { defineOperation } from '../defineOperation';
import { expensesOperation } from './expenseSchemas';

export const uploadExpenseReceipt = defineOperation({
  ...expensesOperation,
  name: 'upload_expense_receipt',
  method: 'POST',
  path: '/api/expenses/receipts',
  access: 'expenses:write',
  summary: 'Upload a receipt; reference it on an expense line as receiptAttachmentId',
  description:
    'Send multipart/form-data with the file in the `file` field, or the file itself as the body with its ' +
    'Content-Type (name it with `?filename=`). Accepted: PDF, PNG, JPEG and WebP, checked against the first bytes. ' +
    'Larger than SVC_HR_ATTACHMENT_MAX_BYTES answers 413; an empty or mistyped file 400; neither stores anything. ' +
    'A receipt belongs to whoever uploads it: only their own claims (or, for HR, the claims they write) may use it.',
  input: {
    query: z.strictObject({
      filename: z
        .string()
        .max(255)
        .optional()
        .describe('the file name of a raw body (multipart parts carry their own)'),
    }),
    upload: {
      field: 'file',
      accept: receiptContentTypes,
      maxBytes: (config) => config.blobs.attachmentMaxBytes,
      sniff: contentMismatch,
      description: 'the receipt: a multipart form with a `file` field, or the raw bytes with their Content-Type',
    },
  },
  output: z.object({ attachment: Attachment }),
  successStatus: 201,
  idempotent: true,
  handler: async (ctx, { query, upload }) => ({
    attachment: await createAttachment(ctx.deps.prisma, ctx.actor, {
      ...upload,
      filename: upload.filename ?? query.filename,
    }),
  }),
});
