import { z } from 'zod';
import { listMyAcknowledgements } from '../../engines/playbook/acknowledgements';
import { defineOperation } from '../defineOperation';
import { Limit, NextCursor, PlaybookAcknowledgementView, playbookOperation } from './playbookSchemas';

export const listPlaybookAcknowledgements = defineOperation({
  ...playbookOperation,
  name: 'list_playbook_acknowledgements',
  method: 'GET',
  path: '/api/playbook/acknowledgements',
  access: 'playbook:read',
  summary: 'Your acknowledgement requests: the policies whose current version you still have to acknowledge',
  description:
    '`status=pending` (default): the current versions that ask you and you have not acknowledged; ' +
    '`status=acknowledged`: those you have. Always your own, whatever your role; by slug.',
  input: {
    query: z.strictObject({
      status: z.enum(['pending', 'acknowledged']).default('pending').describe('pending (default) or acknowledged'),
      limit: Limit,
      cursor: z.string().max(100).optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({ acknowledgements: z.array(PlaybookAcknowledgementView), nextCursor: NextCursor }),
  mcp: { tool: 'list_playbook_acknowledgements', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listMyAcknowledgements(
      ctx.deps.prisma,
      ctx.actor,
      { status: query.status, limit: query.limit, after: query.cursor },
      ctx.deps.config.clock,
    ),
});
