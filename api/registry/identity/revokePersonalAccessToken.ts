import { z } from 'zod';
import { revokeOwnCredential } from '../../../engines/tokens/credentials';
import { defineOperation } from '../defineOperation';
import { TokenView } from './tokenSchemas';

export const revokePersonalAccessToken = defineOperation({
  name: 'revoke_personal_access_token',
  method: 'DELETE',
  path: '/api/v1/tokens/{id}',
  access: 'any',
  tag: 'Identity',
  summary: 'Revoke one of your own personal access tokens; it stops working at once',
  input: { params: z.object({ id: z.uuid().describe('the token id') }) },
  output: z.object({ token: TokenView }),
  handler: async (ctx, { params }) => ({
    token: await revokeOwnCredential(ctx.deps.prisma, ctx.actor, 'personal_access_token', params.id),
  }),
});
