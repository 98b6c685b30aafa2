import { z } from 'zod';
import { setNotificationPreference as setPreference } from '../../engines/notifications/notifications';
import { defineOperation } from '../defineOperation';
import { Preferences, notificationOperation } from './notificationSchemas';

export const setNotificationPreference = defineOperation({
  ...notificationOperation,
  name: 'set_notification_preference',
  method: 'PUT',
  path: '/api/notifications/preferences/{kind}',
  access: 'notifications:write',
  summary: 'Turn one kind of notification on or off for yourself',
  description: 'A kind turned off is not made for you from then on (nothing to list, nothing streamed).',
  input: {
    params: z.object({
      kind: z.string().min(1).max(100).describe('a kind of the preferences list, e.g. leave.reminder'),
    }),
    body: z.strictObject({ enabled: z.boolean().describe('true: get them; false: do not') }),
  },
  output: z.object({ preferences: Preferences }),
  idempotent: true,
  handler: async (ctx, { params, body }) => ({
    preferences: await setPreference(ctx.deps.prisma, ctx.actor, params.kind, body.enabled),
  }),
});
