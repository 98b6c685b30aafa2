import { z } from 'zod';
import { AppError } from '../../engines/appError';
import { lastNotificationSeq } from '../../engines/notifications/notificationFeedReads';
import { defineOperation } from '../defineOperation';
import { Seq, notificationOperation } from './notificationSchemas';
import { notificationStream } from './notificationStream';

export const streamNotifications = defineOperation({
  ...notificationOperation,
  name: 'stream_notifications',
  method: 'GET',
  path: '/api/notifications/stream',
  access: 'notifications:read',
  summary: 'Your notifications as they come (server-sent events), resumable with Last-Event-ID',
  description:
    'Each event has `id` (your notification sequence number), `event` (its kind) and `data` (the notification as ' +
    'GET /api/notifications lists it). Resumes after the Last-Event-ID header (or `after`); without either it sends ' +
    'only what comes from now on (`follow=false`: what is stored, then the end). A heartbeat comment every 15 s. Works across API processes: a notification written ' +
    'by any of them reaches every stream of its user, once and in order (PostgreSQL LISTEN/NOTIFY).',
  input: {
    query: z.strictObject({
      after: Seq.optional().describe('resume after this event id (as Last-Event-ID does)'),
      follow: z
        .enum(['true', 'false'])
        .default('true')
        .describe('false: send what is stored after `after` and end (for clients that poll); default true'),
    }),
    headers: z.object({
      'last-event-id': Seq.optional().describe('the id of the last event received; the stream resumes after it'),
    }),
  },
  output: z
    .object({
      contentType: z.string().describe('text/event-stream; charset=utf-8'),
      headers: z.record(z.string(), z.string()).describe('Cache-Control: no-cache, so no proxy holds events back'),
      body: z.custom<AsyncIterable<string>>().describe('the notifications, as server-sent event text'),
    })
    .describe('a server-sent event stream: `id: <seq>`, `event: <kind>`, `data: <json>`'),
  response: 'stream',
  produces: 'text/event-stream',
  handler: async (ctx, { query, headers }) => {
    const feed = ctx.deps.notificationEvents;
    if (!feed) throw new AppError('unavailable', 'This process streams no notifications');
    let after = headers?.['last-event-id'] ?? query.after;
    if (after === undefined) {
      // A new stream starts now: what came before is in GET /api/notifications.
      after = await lastNotificationSeq(ctx.deps.prisma, ctx.actor.user.id);
    }
    return {
      contentType: 'text/event-stream; charset=utf-8',
      headers: { 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' },
      body: notificationStream(ctx.deps.prisma, feed, ctx.actor.user.id, after, {
        signal: ctx.deps.closing,
        follow: query.follow === 'true',
      }),
    };
  },
});
