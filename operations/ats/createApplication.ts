import { z } from 'zod';
import { createApplication as create } from '../../engines/ats/applications';
import { defineOperation } from '../defineOperation';
import { ApplicationView, IdParam, Note, atsOperation } from './atsSchemas';

export const createApplication = defineOperation({
  ...atsOperation,
  name: 'create_application',
  method: 'POST',
  path: '/api/ats/openings/{id}/applications',
  access: 'ats:write',
  summary: 'Add a candidate to an OPEN job opening, at stage applied (its recruiting team)',
  description:
    'The candidate is found by e-mail address (the same person applying to another opening is one candidate) or ' +
    'made. One application per candidate and opening: 409 naming the existing one. 409 when the opening is not OPEN.',
  input: {
    params: IdParam,
    body: z.strictObject({
      candidate: z
        .strictObject({
          name: z.string().trim().min(1).max(200).describe('full name, up to 200 characters'),
          email: z.email().max(254).describe('e-mail address: who the candidate is in this workspace'),
          phone: z.string().trim().min(1).max(50).optional().describe('phone number, up to 50 characters'),
          source: z
            .enum(['applied', 'referral', 'sourced', 'agency', 'internal', 'other'])
            .optional()
            .describe('where they came from; default applied (kept from their first application)'),
        })
        .describe('who applies: found by e-mail address, or made'),
      note: Note,
    }),
  },
  output: z.object({ application: ApplicationView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_application', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    application: await create(ctx.deps.prisma, ctx.actor, params.id, body),
  }),
});
