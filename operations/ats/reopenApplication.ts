import { z } from 'zod';
import { reopenApplication as reopen } from '../../engines/ats/applicationMoves';
import { defineOperation } from '../defineOperation';
import { ApplicationView, IdParam, Note, atsOperation } from './atsSchemas';

export const reopenApplication = defineOperation({
  ...atsOperation,
  name: 'reopen_application',
  method: 'POST',
  path: '/api/ats/applications/{id}/reopen',
  access: 'ats:write',
  summary: 'Take a rejected application back to the stage it was rejected at (HR_MANAGER, ADMIN, OWNER)',
  description: '409 unless it is rejected; nothing else moves out of rejected, withdrawn or hired.',
  input: { params: IdParam, body: z.strictObject({ note: Note }) },
  output: z.object({ application: ApplicationView }),
  idempotent: true,
  mcp: { tool: 'reopen_application', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    application: await reopen(ctx.deps.prisma, ctx.actor, params.id, body.note),
  }),
});
