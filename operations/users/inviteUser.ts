import { z } from 'zod';
import { roles } from '../../engines/access/roles';
import { inviteUser as invite } from '../../engines/users/invitations';
import { defineOperation } from '../defineOperation';
import { SecretWithheld } from '../secretShownOnce';
import { EXTERNAL_ID_MAX_LENGTH, ExternalId, UserEmail, UserView, userOperation, whoManagesUsers } from './userSchemas';

export const inviteUser = defineOperation({
  ...userOperation,
  name: 'invite_user',
  method: 'POST',
  path: '/api/users/invitations',
  access: 'users:write',
  // Minting a secret: a personal access token only, and not a tool (a secret must not reach a model).
  credentials: ['personal_access_token'],
  summary: 'Invite someone to the workspace with a role; the invitation secret (`hru_…`) is shown this once',
  description:
    `${whoManagesUsers} The user exists at once as \`invited\`; whoever holds the secret accepts it once, within ` +
    '7 days (POST /api/users/invitations/accept), and gets a first personal access token. An e-mail address any ' +
    'workspace already uses, or an externalId another user of the workspace has, answers 409.',
  input: {
    body: z.strictObject({
      email: UserEmail.describe('the address to invite'),
      name: z.string().trim().min(1).max(200).describe('their name'),
      role: z
        .enum(roles)
        .default('EMPLOYEE')
        .describe(`one of ${roles.join(', ')}; default EMPLOYEE`),
      employeeId: z.uuid().optional().describe('the employee record this account belongs to'),
      externalId: ExternalId.optional().describe(
        `their id in your own system, 1 to ${EXTERNAL_ID_MAX_LENGTH} characters, unique in the workspace; ` +
          'lookup_agent_user finds them by it',
      ),
    }),
  },
  output: z.object({
    user: UserView,
    invitation: z.object({ id: z.uuid(), hint: z.string(), expiresAt: z.string() }),
    secret: z.string().optional().describe('the invitation: shown this once, stored only as a hash'),
    secretWithheld: SecretWithheld,
  }),
  successStatus: 201,
  idempotent: true,
  revealsSecret: {
    path: 'secret',
    ifLost: 'If it was lost, deactivate the invited user (POST /api/users/{id}/deactivate) and invite again.',
  },
  handler: async (ctx, { body }) => invite(ctx.deps.prisma, ctx.actor, body),
});
