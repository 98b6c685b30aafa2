import { z } from 'zod';
import { getEmploymentCertificate as get } from '../../engines/certificates/employmentCertificates';
import { defineOperation } from '../defineOperation';
import { EmploymentCertificateView, IdParam, certificatesOperation } from './certificateSchemas';

export const getEmploymentCertificate = defineOperation({
  ...certificatesOperation,
  name: 'get_employment_certificate',
  method: 'GET',
  path: '/api/certificates/employment-certificates/{id}',
  access: 'certificates:read',
  summary: 'One employment certificate you may read (404 otherwise)',
  input: { params: IdParam },
  output: z.object({ employmentCertificate: EmploymentCertificateView }),
  mcp: { tool: 'get_employment_certificate', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    employmentCertificate: await get(ctx.deps.prisma, ctx.actor, params.id),
  }),
});
