import { z } from 'zod';
import { createAttachment } from '../../engines/attachments/attachments';
import { attachmentContentTypes, contentMismatch } from '../../engines/attachments/attachmentTypes';
import { defineOperation } from '../defineOperation';
import { Attachment } from './artifactSchemas';

export const uploadAgentAttachment = defineOperation({
  name: 'upload_agent_attachment',
  method: 'POST',
  path: '/api/v1/agent/attachments',
  access: 'agent:artifacts',
  tag: 'Agent artifacts',
  summary: 'Upload a file for the agent; reference it in send_agent_message (attachmentIds)',
  description:
    'Send multipart/form-data with the file in the `file` field, or the file itself as the body with its ' +
    'Content-Type (name it with `?filename=` or a Content-Disposition header). Accepted: CSV, plain text, JSON, ' +
    'PDF, PNG, JPEG, GIF, WebP and XLSX, checked against the first bytes of the content. Larger than ' +
    'SVC_HR_ATTACHMENT_MAX_BYTES (25 MiB by default) answers 413; an empty, truncated or mistyped file answers ' +
    '400; neither stores anything. The agent reads the text of CSV, plain text, JSON and XLSX (first sheet) files.',
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
      accept: attachmentContentTypes,
      maxBytes: (config) => config.blobs.attachmentMaxBytes,
      sniff: contentMismatch,
      description: 'the file: a multipart form with a `file` field, or the raw bytes with their Content-Type',
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
