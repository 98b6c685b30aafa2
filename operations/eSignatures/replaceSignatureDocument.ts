import { z } from 'zod';
import { contentMismatch } from '../../engines/attachments/attachmentTypes';
import { documentContentTypes, replaceDocumentFile } from '../../engines/eSignatures/documents';
import { defineOperation } from '../defineOperation';
import { SignatureDocumentView, FilenameQuery, IdParam, eSignaturesOperation } from './eSignatureSchemas';

export const replaceSignatureDocument = defineOperation({
  ...eSignaturesOperation,
  name: 'replace_signature_document',
  method: 'PUT',
  path: '/api/e-signatures/documents/{id}/file',
  access: 'e-signatures:write',
  summary: 'Replace the file of a document not yet signed (HR); a signed document answers 409',
  description:
    'HR_MANAGER, ADMIN and OWNER only; the same upload as upload_signature_document. Once a request on the ' +
    'document holds a signature the document cannot change: 409 naming the state, and nothing is stored. A pending ' +
    'request keeps the SHA-256 it was made for, so its signers cannot sign the new file (409).',
  input: {
    params: IdParam,
    query: z.strictObject({ filename: FilenameQuery }),
    upload: {
      field: 'file',
      accept: documentContentTypes,
      maxBytes: (config) => config.blobs.attachmentMaxBytes,
      sniff: contentMismatch,
      description: 'the new file: a multipart form with a `file` field, or the raw bytes with their Content-Type',
    },
  },
  output: z.object({ document: SignatureDocumentView }),
  idempotent: true,
  handler: async (ctx, { params, query, upload }) => ({
    document: await replaceDocumentFile(ctx.deps.prisma, ctx.actor, params.id, {
      ...upload,
      filename: upload.filename ?? query.filename,
    }),
  }),
});
