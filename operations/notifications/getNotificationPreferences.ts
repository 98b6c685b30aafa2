import { z } from 'zod';
import { notificationPreferences } from '../../engines/notifications/notifications';
import { defineOperation } from '../defineOperation';
import { Preferences, notificationOperation } from './notificationSchemas';

export const getNotificationPreferences = defineOperation({
  ...notificationOperation,
  name: 'get_notification_preferences',
  method: 'GET',
  path: '/api/notifications/preferences',
  access: 'notifications:read',
  summary: 'Which kinds of notification you get (every kind, on unless you turned it off)',
  input: {},
  output: z.object({ preferences: Preferences }),
  handler: async (ctx) => ({ preferences: await notificationPreferences(ctx.deps.prisma, ctx.actor) }),
});
