import { z } from 'zod';
import { listNotifications as listOwnNotifications } from '../../engines/leave/notifications';
import { defineOperation } from '../defineOperation';

export const listNotifications = defineOperation({
  name: 'list_notifications',
  method: 'GET',
  path: '/api/v1/notifications',
  access: 'any',
  tag: 'Notifications',
  summary: 'Your own notifications, newest first',
  input: {
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('at most this many, 1 to 200, default 50'),
      unread_only: z.enum(['true', 'false']).optional().describe('true: only those not read yet'),
    }),
  },
  output: z.object({
    notifications: z.array(
      z.object({
        id: z.uuid(),
        kind: z.string().describe('what happened, e.g. leave.submitted, leave.approved'),
        title: z.string(),
        body: z.string(),
        data: z.record(z.string(), z.unknown()).describe('ids and dates of what it is about, e.g. requestId'),
        read_at: z.string().optional().describe('when it was read; omitted while unread'),
        created_at: z.string().describe('ISO 8601 UTC timestamp with milliseconds'),
      }),
    ),
  }),
  handler: async (ctx, { query }) => {
    const rows = await listOwnNotifications(ctx.deps.prisma, ctx.actor, {
      limit: query.limit,
      unreadOnly: query.unread_only === 'true',
    });
    return {
      notifications: rows.map((n) => ({
        id: n.id,
        kind: n.kind,
        title: n.title,
        body: n.body,
        data: (n.data ?? {}) as Record<string, unknown>,
        ...(n.readAt ? { read_at: n.readAt.toISOString() } : {}),
        created_at: n.createdAt.toISOString(),
      })),
    };
  },
});
