import { z } from 'zod';
import { findVisibleEmploymentCertificate } from '../../engines/certificates/employmentCertificates';
import { storedFileAnswer } from '../storedFileAnswer';
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
    return storedFileAnswer(ctx.deps.config, row, headers?.['if-none-match']);
  },
});
