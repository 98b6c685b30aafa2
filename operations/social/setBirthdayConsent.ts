import { z } from 'zod';
import { setBirthdayConsent as setConsent } from '../../engines/social/celebrations';
import { defineOperation } from '../defineOperation';
import { socialOperation } from './socialSchemas';

export const setBirthdayConsent = defineOperation({
  ...socialOperation,
  name: 'set_birthday_consent',
  method: 'PUT',
  path: '/api/social/birthday-consent',
  access: 'social:write',
  summary: 'Allow, or stop, your birthday (month and day only) being shown among celebrations',
  description: 'Your own choice, off until you turn it on; it applies to your own employee record only.',
  input: { body: z.strictObject({ showBirthday: z.boolean().describe('true: show my birthday; false: hide it') }) },
  output: z.object({ employeeId: z.uuid(), showBirthday: z.boolean() }),
  idempotent: true,
  mcp: {
    tool: 'set_birthday_consent',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  },
  handler: async (ctx, { body }) => setConsent(ctx.deps.prisma, ctx.actor, body.showBirthday),
});
