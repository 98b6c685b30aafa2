import { z } from 'zod';
import { deactivateUser as deactivate } from '../../engines/users/users';
import { defineOperation } from '../defineOperation';
import { UserId, UserView, userOperation, whoManagesUsers } from './userSchemas';

export const deactivateUser = defineOperation({
  ...userOperation,
  name: 'deactivate_user',
  method: 'POST',
  path: '/api/users/{id}/deactivate',
  access: 'users:write',
  summary: 'Deactivate a user: every credential of theirs is revoked and stops at once',
  description: `${whoManagesUsers} Not yourself (409). Deactivating a deactivated user answers it unchanged.`,
  input: { params: UserId },
  output: z.object({ user: UserView }),
  idempotent: true,
  handler: async (ctx, { params }) => ({ user: await deactivate(ctx.deps.prisma, ctx.actor, params.id) }),
});
