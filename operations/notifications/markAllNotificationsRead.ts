import { z } from 'zod';
import { markAllNotificationsRead as markAll } from '../../engines/notifications/notifications';
import { defineOperation } from '../defineOperation';
import { notificationOperation } from './notificationSchemas';

export const markAllNotificationsRead = defineOperation({
  ...notificationOperation,
  name: 'mark_all_notifications_read',
  method: 'POST',
  path: '/api/notifications/read-all',
  access: 'notifications:write',
  summary: 'Mark all your unread notifications read',
  input: {},
  output: z.object({ marked: z.number().int().describe('how many were unread') }),
  idempotent: true,
  handler: async (ctx) => markAll(ctx.deps.prisma, ctx.actor),
});
