import { z } from 'zod';
import { roles } from '../../engines/access/roles';
import { lookUpAgentUser as lookUp } from '../../engines/users/lookup';
import { defineOperation } from '../defineOperation';
import { EXTERNAL_ID_MAX_LENGTH, ExternalId, UserEmail } from '../users/userSchemas';

export const lookupAgentUser = defineOperation({
  name: 'lookup_agent_user',
  method: 'GET',
  path: '/api/v1/agent/users',
  access: 'agent:run',
  credentials: ['integration_credential'],
  tag: 'Agent',
  summary: 'Find a user of the workspace by e-mail address or external id, for exchange_agent_token',
  description:
    'Call from your backend with the integration credential, before exchange_agent_token: give exactly one of ' +
    "`email` and `externalId` (the user's id in your own system, set with PUT /api/users/{id}/external-id or when " +
    "inviting them) and pass the answered `id` as the exchange's `userId`. Only users of the credential's own " +
    'workspace are found; any other answers 404. A user who is not `active` is answered too, with their status: ' +
    'no delegated credential of theirs would work.',
  input: {
    query: z
      .strictObject({
        email: UserEmail.optional().describe("the user's e-mail address (not case-sensitive)"),
        externalId: ExternalId.optional().describe(
          `the user's id in your own system, 1 to ${EXTERNAL_ID_MAX_LENGTH} characters`,
        ),
      })
      .superRefine((query, ctx) => {
        if (query.email !== undefined && query.externalId !== undefined) {
          ctx.addIssue({ code: 'custom', path: ['externalId'], message: 'give email or externalId, not both' });
        } else if (query.email === undefined && query.externalId === undefined) {
          ctx.addIssue({ code: 'custom', path: ['email'], message: 'give email or externalId (exactly one)' });
        }
      }),
  },
  output: z.object({
    user: z.object({
      id: z.uuid().describe("pass it as exchange_agent_token's userId"),
      email: z.string(),
      name: z.string(),
      role: z.enum(roles).describe("the user's live role; a delegated credential acts with it"),
      status: z
        .enum(['active', 'invited', 'deactivated'])
        .describe('only an active user can act: a delegated credential of any other is refused (401)'),
      externalId: z.string().nullable().describe("the user's id in your own system, if one was set"),
    }),
  }),
  otherResponses: { 404: 'not_found: no user of this workspace has that email or externalId' },
  handler: async (ctx, { query }) => ({
    user: await lookUp(
      ctx.deps.prisma,
      ctx.actor,
      query.email !== undefined ? { email: query.email } : { externalId: query.externalId! },
    ),
  }),
});
