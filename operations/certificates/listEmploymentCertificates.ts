import { z } from 'zod';
import { listEmploymentCertificates as list } from '../../engines/certificates/employmentCertificates';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { EmploymentCertificateView, ListCursor, ListLimit, certificatesOperation } from './certificateSchemas';

export const listEmploymentCertificates = defineOperation({
  ...certificatesOperation,
  name: 'list_employment_certificates',
  method: 'GET',
  path: '/api/certificates/employment-certificates',
  access: 'certificates:read',
  summary: 'Employment certificates issued that you may read, newest first',
  description:
    'Yours, your line’s (managers up the line) and everyone’s for HR; one stating a salary only where you may read ' +
    'that person’s pay.',
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('only this person’s'),
      limit: ListLimit,
      cursor: ListCursor,
    }),
  },
  output: z.object({ employmentCertificates: z.array(EmploymentCertificateView), nextCursor: NextCursor }),
  mcp: { tool: 'list_employment_certificates', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, { employeeId: query.employeeId, limit: query.limit, after: query.cursor }),
});
