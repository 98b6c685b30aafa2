import { z } from 'zod';
import { blobStoreFor } from '../../engines/blobs/blobStores';
import { findVisibleEmploymentCertificate } from '../../engines/certificates/employmentCertificates';
import { matchesEtag } from '../byteRange';
import { defineOperation, type StreamAnswer } from '../defineOperation';
import { IdParam, certificatesOperation } from './certificateSchemas';

export const downloadEmploymentCertificate = defineOperation({
  ...certificatesOperation,
  name: 'download_employment_certificate',
  method: 'GET',
  path: '/api/certificates/employment-certificates/{id}/pdf',
  access: 'certificates:read',
  summary: 'Download an employment certificate’s PDF',
  description:
    'Answers `application/pdf` with `Content-Disposition: attachment` and `ETag` (its SHA-256); `If-None-Match` ' +
    'with that ETag answers 304. 404 for one you cannot read.',
  input: {
    params: IdParam,
    headers: z.object({
      'if-none-match': z.string().max(1000).optional().describe('the ETag of a copy you hold: 304 when unchanged'),
    }),
  },
  output: z.custom<StreamAnswer>().describe('the PDF'),
  response: 'stream',
  produces: 'application/pdf',
  otherResponses: {
    304: 'not modified: the If-None-Match ETag is current',
    404: 'not_found: no such employment certificate among those you may read',
  },
  handler: async (ctx, { params, headers }): Promise<StreamAnswer> => {
    const row = await findVisibleEmploymentCertificate(ctx.deps.prisma, ctx.actor, params.id);
    const etag = `"${row.sha256}"`;
    const common = { ETag: etag, 'Cache-Control': 'private, no-cache' };
    if (matchesEtag(headers?.['if-none-match'], etag))
      return { contentType: row.contentType, status: 304, headers: common };
    return {
      contentType: row.contentType,
      filename: row.filename,
      body: await blobStoreFor(ctx.deps.config).read(row.sha256),
      headers: { ...common, 'Content-Length': String(row.size) },
    };
  },
});
