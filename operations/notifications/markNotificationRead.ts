import { z } from 'zod';
import { markNotificationRead as markRead } from '../../engines/notifications/notifications';
import { defineOperation } from '../defineOperation';
import { NotificationView, notificationOperation } from './notificationSchemas';

export const markNotificationRead = defineOperation({
  ...notificationOperation,
  name: 'mark_notification_read',
  method: 'POST',
  path: '/api/notifications/{id}/read',
  access: 'notifications:write',
  summary: 'Mark one of your notifications read',
  description: 'A notification already read keeps its first readAt; another person’s answers 404.',
  input: { params: z.object({ id: z.uuid().describe('the notification id') }) },
  output: z.object({ notification: NotificationView }),
  idempotent: true,
  mcp: { tool: 'mark_notification_read', annotations: { readOnlyHint: false, idempotentHint: true } },
  handler: async (ctx, { params }) => ({
    notification: await markRead(ctx.deps.prisma, ctx.actor, params.id),
  }),
});
