import { z } from 'zod';
import { createPersonalAccessToken as createToken, viewOf } from '../../engines/tokens/credentials';
import { defineOperation } from '../defineOperation';
import { ScopeList, TokenView } from './tokenSchemas';

const maxDays = 366;

export const createPersonalAccessToken = defineOperation({
  name: 'create_personal_access_token',
  method: 'POST',
  path: '/api/v1/tokens',
  access: 'any',
  credentials: ['personal_access_token'],
  tag: 'Identity',
  summary: 'Create a personal access token; the secret is shown once',
  description:
    'A token can only grant scopes it holds itself. Only a personal access token can create one: a short-lived ' +
    'delegated credential cannot mint a long-lived token.',
  input: {
    body: z.strictObject({
      name: z.string().trim().min(1).max(100).describe('a name to recognise the token by'),
      scopes: ScopeList,
      expiresInDays: z
        .number()
        .int()
        .min(1)
        .max(maxDays)
        .optional()
        .describe(`days until it expires, 1 to ${maxDays}; omit for a token that does not expire`),
    }),
  },
  output: z.object({
    token: TokenView,
    secret: z.string().describe('the token itself: shown this once, stored only as a hash'),
  }),
  successStatus: 201,
  handler: async (ctx, { body }) => {
    const expiresAt = body.expiresInDays ? new Date(Date.now() + body.expiresInDays * 86_400_000) : null;
    const { credential, secret } = await createToken(ctx.deps.prisma, ctx.actor, {
      name: body.name,
      scopes: body.scopes,
      expiresAt,
    });
    return { token: viewOf(credential), secret };
  },
});
