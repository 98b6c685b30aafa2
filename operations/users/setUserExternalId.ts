import { z } from 'zod';
import { setUserExternalId as setExternalId } from '../../engines/users/users';
import { defineOperation } from '../defineOperation';
import { EXTERNAL_ID_MAX_LENGTH, ExternalId, UserId, UserView, userOperation, whoManagesUsers } from './userSchemas';

export const setUserExternalId = defineOperation({
  ...userOperation,
  name: 'set_user_external_id',
  method: 'PUT',
  path: '/api/users/{id}/external-id',
  access: 'users:write',
  summary: "Set or remove the user's id in your own system, by which an integration credential finds them",
  description:
    `${whoManagesUsers} The id is unique within the workspace: one another user has answers 409. ` +
    'GET /api/v1/agent/users?externalId=… (lookup_agent_user) then answers this user, for exchange_agent_token.',
  input: {
    params: UserId,
    body: z.strictObject({
      externalId: ExternalId.nullable().describe(
        `the id, 1 to ${EXTERNAL_ID_MAX_LENGTH} characters (trimmed); null removes it`,
      ),
    }),
  },
  output: z.object({ user: UserView }),
  idempotent: true,
  handler: async (ctx, { params, body }) => ({
    user: await setExternalId(ctx.deps.prisma, ctx.actor, params.id, body.externalId),
  }),
});
