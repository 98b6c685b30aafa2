import { z } from 'zod';
import { blobStoreFor } from '../../engines/blobs/blobStores';
import { issueEmploymentCertificate as issue } from '../../engines/certificates/employmentCertificates';
import { defineOperation } from '../defineOperation';
import { EmployeeRef, EmploymentCertificateView, certificatesOperation } from './certificateSchemas';

export const issueEmploymentCertificate = defineOperation({
  ...certificatesOperation,
  name: 'issue_employment_certificate',
  method: 'POST',
  path: '/api/certificates/employment-certificates',
  access: 'certificates:write',
  summary: 'Issue an employment certificate (a PDF): your own, or anyone’s as HR',
  description:
    'States the name, employee number, job title, department, employer (the legal entity of the person’s position, ' +
    'else the workspace), hire date, termination date or "is employed", the purpose and the issue date; with ' +
    '`includeSalary` the current yearly salary, only for who may read that pay (403 otherwise; 409 when none is ' +
    'recorded). Download it from GET .../{id}/pdf. Names outside Latin-1 are transliterated in the PDF (no font ' +
    'is embedded).',
  input: {
    body: z.strictObject({
      employeeId: EmployeeRef,
      purpose: z.string().trim().min(1).max(300).optional().describe('what it is for (a visa, a bank), printed on it'),
      includeSalary: z.boolean().optional().describe('state the current gross yearly salary; default false'),
    }),
  },
  output: z.object({ employmentCertificate: EmploymentCertificateView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'issue_employment_certificate', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({
    employmentCertificate: await issue(ctx.deps.prisma, ctx.actor, body, {
      clock: ctx.deps.config.clock,
      blobs: blobStoreFor(ctx.deps.config),
    }),
  }),
});
