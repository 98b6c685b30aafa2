import { z } from 'zod';
import { roles } from '../../engines/access/roles';
import { changeUserRole as change } from '../../engines/users/users';
import { defineOperation } from '../defineOperation';
import { UserId, UserView, userOperation, whoManagesUsers } from './userSchemas';

export const changeUserRole = defineOperation({
  ...userOperation,
  name: 'change_user_role',
  method: 'PATCH',
  path: '/api/users/{id}',
  access: 'users:write',
  summary: "Change a user's role; it applies to their next request and their running agent runs' next step",
  description: whoManagesUsers,
  input: { params: UserId, body: z.strictObject({ role: z.enum(roles).describe(`one of ${roles.join(', ')}`) }) },
  output: z.object({ user: UserView }),
  idempotent: true,
  handler: async (ctx, { params, body }) => ({
    user: await change(ctx.deps.prisma, ctx.actor, params.id, body.role),
  }),
});
