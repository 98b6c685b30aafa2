import { z } from 'zod';
import { reactivateUser as reactivate } from '../../engines/users/users';
import { defineOperation } from '../defineOperation';
import { UserId, UserView, userOperation, whoManagesUsers } from './userSchemas';

export const reactivateUser = defineOperation({
  ...userOperation,
  name: 'reactivate_user',
  method: 'POST',
  path: '/api/users/{id}/reactivate',
  access: 'users:write',
  summary: 'Let a deactivated user in again (their old credentials stay revoked)',
  description: `${whoManagesUsers} 409 unless the user is deactivated.`,
  input: { params: UserId },
  output: z.object({ user: UserView }),
  idempotent: true,
  handler: async (ctx, { params }) => ({ user: await reactivate(ctx.deps.prisma, ctx.actor, params.id) }),
});
