import { z } from 'zod';
import { listOwnCredentials } from '../../engines/tokens/credentials';
import { defineOperation } from '../defineOperation';
import { TokenView } from './tokenSchemas';

export const listPersonalAccessTokens = defineOperation({
  name: 'list_personal_access_tokens',
  method: 'GET',
  path: '/api/v1/tokens',
  access: 'any',
  tag: 'Identity',
  summary: "The caller's own personal access tokens, newest first (never their secrets)",
  input: {},
  output: z.object({ tokens: z.array(TokenView) }),
  handler: async (ctx) => ({ tokens: await listOwnCredentials(ctx.deps.prisma, ctx.actor, 'personal_access_token') }),
});
