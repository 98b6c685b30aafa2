import { z } from 'zod';
import { revokePersonalAccessToken as revokeToken } from '../../engines/tokens/credentials';
import { defineOperation } from '../defineOperation';
import { TokenView } from './tokenSchemas';

export const revokePersonalAccessToken = defineOperation({
  name: 'revoke_personal_access_token',
  method: 'DELETE',
  path: '/api/v1/tokens/{id}',
  access: 'any',
  credentials: ['personal_access_token'],
  tag: 'Identity',
  summary: 'Revoke one of your own personal access tokens; it stops working at once',
  description:
    'Revoking takes the authority creating does: only a personal access token can revoke one (a delegated ' +
    'credential cannot), and only a token whose scopes it holds itself.',
  input: { params: z.object({ id: z.uuid().describe('the token id') }) },
  output: z.object({ token: TokenView }),
  handler: async (ctx, { params }) => ({ token: await revokeToken(ctx.deps.prisma, ctx.actor, params.id) }),
});
