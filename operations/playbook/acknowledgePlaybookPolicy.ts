import { z } from 'zod';
import { acknowledgePolicy } from '../../engines/playbook/acknowledgements';
import { defineOperation } from '../defineOperation';
import { IdParam, PlaybookAcknowledgementView, playbookOperation } from './playbookSchemas';

export const acknowledgePlaybookPolicy = defineOperation({
  ...playbookOperation,
  name: 'acknowledge_playbook_policy',
  method: 'POST',
  path: '/api/playbook/documents/{id}/acknowledge',
  access: 'playbook:write',
  summary: 'Acknowledge that you read and accept the current version of a policy',
  description:
    'Any employee the current version asks. Acknowledging again answers the first acknowledgement. A version ' +
    'that is not the current one answers 409 naming the current version; so does a policy that does not ask you.',
  input: {
    params: IdParam,
    body: z.strictObject({
      versionNumber: z
        .number()
        .int()
        .min(1)
        .max(2_147_483_647)
        .describe('the version you read (the current one: get_playbook_document)'),
    }),
  },
  output: z.object({ acknowledgement: PlaybookAcknowledgementView }),
  idempotent: true,
  mcp: { tool: 'acknowledge_playbook_policy', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    acknowledgement: await acknowledgePolicy(
      ctx.deps.prisma,
      ctx.actor,
      params.id,
      body.versionNumber,
      ctx.deps.config.clock,
    ),
  }),
});
