import { z } from 'zod';
import { findOwnRunToStream } from '../../engines/agent/runEventFeedReads';
import { AppError } from '../../engines/appError';
import { terminalRunStatuses, type RunStatus } from '../../engines/agent/runStates';
import { runEventStream } from './runEventStream';
import { defineOperation } from '../defineOperation';
import { MAX_INT32 } from '../pageCursor';
import { RunIdParams } from './agentSchemas';

// An event's sequence number, bounded by its integer column.
const Seq = z.coerce.number().int().min(0).max(MAX_INT32);

export const streamAgentRun = defineOperation({
  name: 'stream_agent_run',
  method: 'GET',
  path: '/api/v1/agent/runs/{id}/events',
  access: 'agent:read',
  tag: 'Agent',
  summary: "Stream your run's events (server-sent events)",
  description:
    'Each event has `id` (its per-run sequence number), `event` (a dotted name: run.queued, run.in_progress, ' +
    'run.step.started, run.step.completed, message.completed, action.requested, action.decided, action.executing, ' +
    'action.succeeded, action.failed, question.asked, question.answered, run.requires_action, run.completed, ' +
    'run.failed, run.cancelled, run.expired) and `data` (JSON). Resumes after the Last-Event-ID header (or `after`); ' +
    'sends a heartbeat comment every 15 s; ends after the terminal run event, at once for a run that is over.',
  input: {
    params: RunIdParams,
    query: z.strictObject({ after: Seq.optional().describe('resume after this event id (as Last-Event-ID does)') }),
    headers: z.object({
      'last-event-id': Seq.optional().describe('the id of the last event received; the stream resumes after it'),
    }),
  },
  output: z
    .object({
      contentType: z.string().describe('text/event-stream; charset=utf-8'),
      headers: z.record(z.string(), z.string()).describe('Cache-Control: no-cache, so no proxy holds events back'),
      body: z.custom<AsyncIterable<string>>().describe('the events, as server-sent event text'),
    })
    .describe('a server-sent event stream: `id: <seq>`, `event: <name>`, `data: <json>`'),
  response: 'stream',
  produces: 'text/event-stream',
  handler: async (ctx, { params, query, headers }) => {
    const run = await findOwnRunToStream(ctx.deps.prisma, ctx.actor, params.id);
    const feed = ctx.deps.runEvents;
    if (!feed) throw new AppError('unavailable', 'This process streams no run events');
    const after = headers?.['last-event-id'] ?? query.after ?? 0;
    return {
      contentType: 'text/event-stream; charset=utf-8',
      headers: { 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' },
      body: runEventStream(ctx.deps.prisma, feed, run.id, after, {
        signal: ctx.deps.closing,
        over: terminalRunStatuses.includes(run.status as RunStatus),
      }),
    };
  },
});
