import { z } from 'zod';
import { getUser as getOne } from '../../engines/users/users';
import { defineOperation } from '../defineOperation';
import { UserId, UserView, userOperation, whoManagesUsers } from './userSchemas';

export const getUser = defineOperation({
  ...userOperation,
  name: 'get_user',
  method: 'GET',
  path: '/api/users/{id}',
  access: 'users:read',
  summary: 'Read one user account',
  description: whoManagesUsers,
  input: { params: UserId },
  output: z.object({ user: UserView }),
  mcp: { tool: 'get_user', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ user: await getOne(ctx.deps.prisma, ctx.actor, params.id) }),
});
