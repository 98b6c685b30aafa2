import { findVisibleDocument } from '../../engines/eSignatures/documents';
import { storedFileAnswer } from '../storedFileAnswer';
import { defineOperation, type StreamAnswer } from '../defineOperation';
import { IdParam, IfNoneMatch, eSignaturesOperation } from './eSignatureSchemas';
import { z } from 'zod';

export const downloadSignatureDocument = defineOperation({
  ...eSignaturesOperation,
  name: 'download_signature_document',
  method: 'GET',
  path: '/api/e-signatures/documents/{id}/file',
  access: 'e-signatures:read',
  summary: 'Download a document to sign: what a signer reads before signing',
  description:
    'Answers the file with its Content-Type and `ETag` (its SHA-256, the hash a signature binds); `If-None-Match` ' +
    'with that ETag answers 304. 404 for a document you cannot see.',
  input: { params: IdParam, headers: IfNoneMatch },
  output: z.custom<StreamAnswer>().describe('the document’s bytes'),
  response: 'stream',
  otherResponses: {
    304: 'not modified: the If-None-Match ETag is current',
    404: 'not_found: no such document among those you may see',
  },
  handler: async (ctx, { params, headers }): Promise<StreamAnswer> => {
    const row = await findVisibleDocument(ctx.deps.prisma, ctx.actor, params.id);
    return storedFileAnswer(ctx.deps.config, row, headers?.['if-none-match']);
  },
});
