import { z } from 'zod';
import { listUsers as listAll } from '../../engines/users/users';
import { defineOperation } from '../defineOperation';
import { NextCursor, PageQuery } from '../organization/organizationSchemas';
import { UserView, userOperation, whoManagesUsers } from './userSchemas';

export const listUsers = defineOperation({
  ...userOperation,
  name: 'list_users',
  method: 'GET',
  path: '/api/users',
  access: 'users:read',
  summary: "List the workspace's user accounts with their roles and status",
  description: whoManagesUsers,
  input: {
    query: PageQuery.extend({
      status: z.enum(['active', 'invited', 'deactivated']).optional().describe('only users of this status'),
    }),
  },
  output: z.object({ users: z.array(UserView), nextCursor: NextCursor }),
  mcp: { tool: 'list_users', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listAll(ctx.deps.prisma, ctx.actor, { limit: query.limit, after: query.cursor, status: query.status }),
});
