import { z } from 'zod';
import { withdrawApplication as withdraw } from '../../engines/ats/applicationMoves';
import { defineOperation } from '../defineOperation';
import { ApplicationView, IdParam, Note, atsOperation } from './atsSchemas';

export const withdrawApplication = defineOperation({
  ...atsOperation,
  name: 'withdraw_application',
  method: 'POST',
  path: '/api/ats/applications/{id}/withdraw',
  access: 'ats:write',
  summary: 'Record that the candidate withdrew an active application (its recruiting team)',
  description: '409 once it has ended, or while it has a PENDING or APPROVED offer (withdraw the offer first).',
  input: { params: IdParam, body: z.strictObject({ note: Note }) },
  output: z.object({ application: ApplicationView }),
  idempotent: true,
  mcp: { tool: 'withdraw_application', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params, body }) => ({
    application: await withdraw(ctx.deps.prisma, ctx.actor, params.id, body.note),
  }),
});
