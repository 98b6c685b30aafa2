import { z } from 'zod';
import { listPositions as listAll } from '../../engines/organization/positions';
import { defineOperation } from '../defineOperation';
import { NextCursor, PageQuery, PositionView, organizationOperation, readersAndEditors } from './organizationSchemas';

export const listPositions = defineOperation({
  ...organizationOperation,
  name: 'list_positions',
  method: 'GET',
  path: '/api/organization/positions',
  access: 'organization:read',
  summary: "List the workspace's positions, open or filled",
  description: readersAndEditors,
  input: {
    query: PageQuery.extend({ status: z.enum(['open', 'filled']).optional().describe('only open or filled ones') }),
  },
  output: z.object({ positions: z.array(PositionView), nextCursor: NextCursor }),
  mcp: { tool: 'list_positions', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listAll(ctx.deps.prisma, ctx.actor, { limit: query.limit, after: query.cursor, status: query.status }),
});
