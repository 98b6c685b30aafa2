import { z } from 'zod';
import { getCertification as get } from '../../engines/certificates/certifications';
import { defineOperation } from '../defineOperation';
import { CertificationView, IdParam, certificatesOperation } from './certificateSchemas';

export const getCertification = defineOperation({
  ...certificatesOperation,
  name: 'get_certification',
  method: 'GET',
  path: '/api/certificates/certifications/{id}',
  access: 'certificates:read',
  summary: 'One certification or licence: its holder’s, their managers up the line’s, or HR’s to read (404 otherwise)',
  description:
    'Use it to read one certification or licence: its kind, name, issuer, number, issue and expiry dates, whether it is required and whether it has expired.',
  input: { params: IdParam },
  output: z.object({ certification: CertificationView }),
  mcp: { tool: 'get_certification', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    certification: await get(ctx.deps.prisma, ctx.actor, params.id, ctx.deps.config.clock),
  }),
});
