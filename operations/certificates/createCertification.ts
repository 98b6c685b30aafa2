import { z } from 'zod';
import { createCertification as create } from '../../engines/certificates/certifications';
import { defineOperation } from '../defineOperation';
import { expiryHooks } from './expiryHooks';
import { CertificationView, EmployeeRef, certificatesOperation, certificationFields } from './certificateSchemas';

export const createCertification = defineOperation({
  ...certificatesOperation,
  name: 'create_certification',
  method: 'POST',
  path: '/api/certificates/certifications',
  access: 'certificates:write',
  summary: 'Record a certification or licence: your own, or anyone’s as HR',
  description:
    'HR_MANAGER, ADMIN and OWNER record anyone’s; everyone else their own (403 for someone else’s they see, 404 ' +
    'for someone they do not). Only HR sets `required`. With an expiry date, reminders go to the holder 60, 30 and 7 ' +
    'days before and on the day (only those still ahead when recorded).',
  input: {
    body: z.strictObject({
      employeeId: EmployeeRef,
      kind: certificationFields.kind,
      name: certificationFields.name,
      issuer: certificationFields.issuer,
      number: certificationFields.number.optional(),
      issueDate: certificationFields.issueDate,
      expiryDate: certificationFields.expiryDate.optional(),
      required: certificationFields.required.optional(),
    }),
  },
  output: z.object({ certification: CertificationView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_certification', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({
    certification: await create(ctx.deps.prisma, ctx.actor, body, expiryHooks(ctx)),
  }),
});
