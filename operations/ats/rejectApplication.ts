import { z } from 'zod';
import { rejectApplication as reject } from '../../engines/ats/applicationMoves';
import { rejectionReasons } from '../../engines/ats/pipeline';
import { defineOperation } from '../defineOperation';
import { ApplicationView, IdParam, Note, RejectionReasonSchema, atsOperation } from './atsSchemas';

export const rejectApplication = defineOperation({
  ...atsOperation,
  name: 'reject_application',
  method: 'POST',
  path: '/api/ats/applications/{id}/reject',
  access: 'ats:write',
  summary: 'Reject an active application with a reason (its recruiting team)',
  description:
    `Reasons: ${rejectionReasons.join(', ')}; \`other\` needs a note. 409 once it has ended, or while it has a ` +
    'PENDING or APPROVED offer (withdraw the offer first). HR may reopen it later.',
  input: {
    params: IdParam,
    body: z
      .strictObject({ reason: RejectionReasonSchema.describe(rejectionReasons.join(', ')), note: Note })
      .refine((b) => b.reason !== 'other' || b.note !== undefined, {
        message: 'a rejection for reason other needs a note',
        path: ['note'],
      }),
  },
  output: z.object({ application: ApplicationView }),
  idempotent: true,
  mcp: { tool: 'reject_application', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params, body }) => ({
    application: await reject(ctx.deps.prisma, ctx.actor, params.id, body.reason, body.note),
  }),
});
