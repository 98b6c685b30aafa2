import { z } from 'zod';
import { certificationDocument } from '../../engines/certificates/certificationDocuments';
import { storedFileAnswer } from '../storedFileAnswer';
import { defineOperation, type StreamAnswer } from '../defineOperation';
import { IdParam, certificatesOperation } from './certificateSchemas';

export const downloadCertificationDocument = defineOperation({
  ...certificatesOperation,
  name: 'download_certification_document',
  method: 'GET',
  path: '/api/certificates/certifications/{id}/document',
  access: 'certificates:read',
  summary: 'Download the document of a certification or licence, for whoever may see it',
  description:
    'Answers the file with its Content-Type, `Content-Disposition: attachment` with its name, and `ETag` (its ' +
    'SHA-256); `If-None-Match` with that ETag answers 304. 404 for one you cannot see, or one without a document.',
  input: {
    params: IdParam,
    headers: z.object({
      'if-none-match': z.string().max(1000).optional().describe('the ETag of a copy you hold: 304 when unchanged'),
    }),
  },
  output: z.custom<StreamAnswer>().describe("the document's bytes"),
  response: 'stream',
  otherResponses: {
    304: 'not modified: the If-None-Match ETag is current',
    404: 'not_found: no such certification among those you may see, or it has no document',
  },
  handler: async (ctx, { params, headers }): Promise<StreamAnswer> => {
    const row = await certificationDocument(ctx.deps.prisma, ctx.actor, params.id);
    return storedFileAnswer(ctx.deps.config, row, headers?.['if-none-match']);
  },
});
