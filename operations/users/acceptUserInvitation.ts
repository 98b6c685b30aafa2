import { z } from 'zod';
import { REDACTED } from '../../engines/audit/redact';
import { acceptInvitation } from '../../engines/users/invitations';
import { defineOperation } from '../defineOperation';
import { TokenView } from '../identity/tokenSchemas';
import { UserView } from './userSchemas';

export const acceptUserInvitation = defineOperation({
  name: 'accept_user_invitation',
  method: 'POST',
  path: '/api/users/invitations/accept',
  // The invitation's secret is the credential: the invited person has no other yet.
  access: 'public',
  errorStyle: 'company',
  tag: 'Company API: User',
  summary: 'Accept an invitation with its secret: the account becomes active and gets its first token, shown once',
  description:
    'Sends no Authorization header: the body carries the invitation secret (`hru_…`). An unknown, used or expired ' +
    'invitation answers 401, the same for all three.',
  input: {
    body: z.strictObject({ invitation: z.string().min(1).max(200).describe('the `hru_…` secret of the invitation') }),
  },
  output: z.object({
    user: UserView,
    token: TokenView.describe('the first personal access token'),
    secret: z.string().describe('the token itself: shown this once, stored only as a hash'),
  }),
  // Recorded as the person who joined, with the token they got; the secret never reaches the trail.
  auditBody: () => ({ invitation: REDACTED }),
  auditedAs: (value) => {
    const accepted = value as { tenantId: string; user: { id: string }; token: { id: string } };
    return {
      tenantId: accepted.tenantId,
      userId: accepted.user.id,
      credentialId: accepted.token.id,
      credentialKind: 'personal_access_token',
    };
  },
  handler: async (ctx, { body }) => acceptInvitation(ctx.deps.prisma, body.invitation),
});
