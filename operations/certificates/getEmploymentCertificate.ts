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
  description:
    'Use it to read one employment certificate (a letter confirming employment): who it is for, its purpose, whether it states the salary, who asked for it and when it was issued; the PDF itself is downloaded over REST.',
  input: { params: IdParam },
  output: z.object({ employmentCertificate: EmploymentCertificateView }),
  mcp: { tool: 'get_employment_certificate', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    employmentCertificate: await get(ctx.deps.prisma, ctx.actor, params.id),
  }),
});
