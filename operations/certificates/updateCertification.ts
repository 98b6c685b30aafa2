import { z } from 'zod';
import { updateCertification as update } from '../../engines/certificates/certifications';
import { defineOperation } from '../defineOperation';
import { expiryHooks } from './expiryHooks';
import { CertificationView, IdParam, certificatesOperation, certificationFields } from './certificateSchemas';

export const updateCertification = defineOperation({
  ...certificatesOperation,
  name: 'update_certification',
  method: 'PATCH',
  path: '/api/certificates/certifications/{id}',
  access: 'certificates:write',
  summary: 'Change a certification or licence: renew it with a new expiry date, correct its details',
  description:
    'Its holder or HR (`required` HR only); managers read their line’s but do not change them (403). A new ' +
    '`expiryDate` (a renewal) plans its reminders again for that date; `null` removes the expiry and its reminders.',
  input: {
    params: IdParam,
    body: z
      .strictObject({
        kind: certificationFields.kind.optional(),
        name: certificationFields.name.optional(),
        issuer: certificationFields.issuer.optional(),
        number: certificationFields.number.nullable().optional().describe('null removes it'),
        issueDate: certificationFields.issueDate.optional(),
        expiryDate: certificationFields.expiryDate.nullable().optional().describe('null: it no longer expires'),
        required: certificationFields.required.optional(),
      })
      .refine((b) => Object.keys(b).length > 0, 'send at least one field to change'),
  },
  output: z.object({ certification: CertificationView }),
  idempotent: true,
  mcp: { tool: 'update_certification', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    certification: await update(ctx.deps.prisma, ctx.actor, params.id, body, expiryHooks(ctx)),
  }),
});
