import { z } from 'zod';
import { scopes } from '../../engines/access/scopes';
import { delegatedLifetime, exchangeForDelegatedCredential } from '../../engines/tokens/exchange';
import { defineOperation } from '../defineOperation';

export const exchangeAgentToken = defineOperation({
  name: 'exchange_agent_token',
  method: 'POST',
  path: '/api/v1/agent/token',
  access: 'agent:run',
  credentials: ['integration_credential'],
  tag: 'Agent',
  summary: 'Exchange an integration credential for a short-lived delegated credential acting as a user',
  description:
    'Call from your backend, never from a browser. The delegated credential acts as an existing user of the ' +
    "workspace with the user's live role; its scopes are the requested ones that the integration credential holds. " +
    'Find the userId with lookup_agent_user. An invited or deactivated user answers 409 conflict.',
  input: {
    body: z.strictObject({
      userId: z.uuid().describe('an existing user of the workspace'),
      externalSessionId: z.string().trim().min(1).max(200).describe("your session's id, recorded for the audit"),
      scopes: z
        .array(z.enum(scopes))
        .min(1)
        .describe('scopes wanted; only those the integration credential holds are granted'),
      expiresInSeconds: z
        .number()
        .int()
        .min(60)
        .max(delegatedLifetime.maxSeconds)
        .optional()
        .describe(
          `lifetime in seconds, 60 to ${delegatedLifetime.maxSeconds}; default ${delegatedLifetime.defaultSeconds}`,
        ),
    }),
  },
  output: z.object({
    accessToken: z.string().describe('the delegated credential; send it as Authorization: Bearer'),
    tokenType: z.literal('Bearer'),
    expiresAt: z.string().describe('ISO 8601 UTC'),
    scopes: z.array(z.string()).describe('the scopes granted'),
    userId: z.uuid(),
  }),
  successStatus: 201,
  handler: async (ctx, { body }) => exchangeForDelegatedCredential(ctx.deps.prisma, ctx.actor, body),
});
