import { z } from 'zod';
import { advanceApplication } from '../../engines/ats/applicationMoves';
import { activeStages } from '../../engines/ats/pipeline';
import { defineOperation } from '../defineOperation';
import { ApplicationView, IdParam, Note, atsOperation } from './atsSchemas';

export const moveApplicationStage = defineOperation({
  ...atsOperation,
  name: 'move_application_stage',
  method: 'POST',
  path: '/api/ats/applications/{id}/stage',
  access: 'ats:write',
  summary: 'Move an application forward in the pipeline (its recruiting team)',
  description:
    'applied → screening → interview → offer, skipping stages allowed, never backwards. `hired` comes only from an ' +
    'accepted offer; rejected and withdrawn have their own operations. 409 names the current stage.',
  input: {
    params: IdParam,
    body: z.strictObject({
      stage: z.enum(activeStages).describe(`the stage to move to: ${activeStages.join(', ')}`),
      note: Note,
    }),
  },
  output: z.object({ application: ApplicationView }),
  idempotent: true,
  mcp: { tool: 'move_application_stage', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    application: await advanceApplication(ctx.deps.prisma, ctx.actor, params.id, body.stage, body.note),
  }),
});
