import { z } from 'zod';
import { listOwnNotifications } from '../../engines/notifications/notifications';
import { defineOperation } from '../defineOperation';
import { NotificationView, Seq, notificationOperation } from './notificationSchemas';

export const listMyNotifications = defineOperation({
  ...notificationOperation,
  name: 'list_my_notifications',
  method: 'GET',
  path: '/api/notifications',
  access: 'notifications:read',
  summary: 'Your notifications from every area, newest first, with the unread count',
  description: 'Always your own, whatever your role. Stream them as they come: GET /api/notifications/stream.',
  input: {
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
      cursor: Seq.optional().describe('nextCursor of the previous page'),
      unread: z.enum(['true', 'false']).optional().describe('true: only those not read yet'),
    }),
  },
  output: z.object({
    notifications: z.array(NotificationView),
    unreadCount: z.number().int(),
    nextCursor: z.string().nullable().describe('pass as cursor for the next page; null on the last page'),
  }),
  mcp: { tool: 'list_my_notifications', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listOwnNotifications(ctx.deps.prisma, ctx.actor, {
      limit: query.limit,
      before: query.cursor,
      unreadOnly: query.unread === 'true',
    }),
});
