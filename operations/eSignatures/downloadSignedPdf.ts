import { z } from 'zod';
import { findVisibleRequest } from '../../engines/eSignatures/requests';
import { AppError } from '../../engines/appError';
import { storedFileAnswer } from '../storedFileAnswer';
import { defineOperation, type StreamAnswer } from '../defineOperation';
import { IdParam, IfNoneMatch, eSignaturesOperation } from './eSignatureSchemas';

export const downloadSignedPdf = defineOperation({
  ...eSignaturesOperation,
  name: 'download_signed_pdf',
  method: 'GET',
  path: '/api/e-signatures/requests/{id}/signed-pdf',
  access: 'e-signatures:read',
  summary: 'Download the signed PDF of a completed request: its signature page (who, when, the document SHA-256)',
  description:
    'Answers `application/pdf` with `ETag` (its SHA-256); `If-None-Match` with that ETag answers 304. 404 for a ' +
    'request you cannot see, or one not completed.',
  input: { params: IdParam, headers: IfNoneMatch },
  output: z.custom<StreamAnswer>().describe('the PDF'),
  response: 'stream',
  produces: 'application/pdf',
  otherResponses: {
    304: 'not modified: the If-None-Match ETag is current',
    404: 'not_found: no such request among those you may see, or it is not completed',
  },
  handler: async (ctx, { params, headers }): Promise<StreamAnswer> => {
    const row = await findVisibleRequest(ctx.deps.prisma, ctx.actor, params.id);
    if (!row.signedPdfSha256)
      throw new AppError('not_found', `Signature request ${params.id} is ${row.status}: no signed PDF`);
    const file = {
      sha256: row.signedPdfSha256,
      size: row.signedPdfSize ?? 0,
      contentType: 'application/pdf',
      filename: `signed-${row.id}.pdf`,
    };
    return storedFileAnswer(ctx.deps.config, file, headers?.['if-none-match']);
  },
});
