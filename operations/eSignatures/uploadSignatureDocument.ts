import { z } from 'zod';
import { contentMismatch } from '../../engines/attachments/attachmentTypes';
import { createDocument, documentContentTypes } from '../../engines/eSignatures/documents';
import { defineOperation } from '../defineOperation';
import { SignatureDocumentView, FilenameQuery, Title, eSignaturesOperation } from './eSignatureSchemas';

export const uploadSignatureDocument = defineOperation({
  ...eSignaturesOperation,
  name: 'upload_signature_document',
  method: 'POST',
  path: '/api/e-signatures/documents',
  access: 'e-signatures:write',
  summary: 'Upload a document to sign (HR); its SHA-256 is computed from the bytes received',
  description:
    'HR_MANAGER, ADMIN and OWNER only. Send multipart/form-data with the file in the `file` field, or the file ' +
    'itself as the body with its Content-Type (name it with `?filename=`). Accepted: PDF, PNG and JPEG, checked ' +
    'against the first bytes. The document’s `sha256` is the hash svc-hr computed while storing the bytes.',
  input: {
    query: z.strictObject({
      title: Title.describe('what the document is: "Employment contract, Alice Anders"'),
      filename: FilenameQuery,
    }),
    upload: {
      field: 'file',
      accept: documentContentTypes,
      maxBytes: (config) => config.blobs.attachmentMaxBytes,
      sniff: contentMismatch,
      description: 'the document: a multipart form with a `file` field, or the raw bytes with their Content-Type',
    },
  },
  output: z.object({ document: SignatureDocumentView }),
  successStatus: 201,
  idempotent: true,
  handler: async (ctx, { query, upload }) => ({
    document: await createDocument(ctx.deps.prisma, ctx.actor, query.title, {
      ...upload,
      filename: upload.filename ?? query.filename,
    }),
  }),
});
