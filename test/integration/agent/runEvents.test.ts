import type { RunView } from '../../../engines/agent/runView';
import { createListenFeed, createPollingFeed } from '../../../engines/agent/runEventFeed';
import { sqlPool } from '../../../db/prismaClient';
import { runEventStream } from '../../../operations/agent/runEventStream';
import { authenticate } from '../../../engines/tokens/authenticate';
import { freeWorkingDay } from '../../support/leave';
import { bearer } from '../../support/identity';
import { startAgentKit, startConversation, type AgentKit } from './agentKit';
import { openEventStream, type ServerSentEvent } from './sseClient';

/**
 * The run event stream over a real HTTP connection: server-sent events numbered per run, resumable after the last
 * one received, ending after the terminal event.
 */
let kit: AgentKit;
let base: string;

beforeAll(async () => {
  kit = await startAgentKit();
  base = await kit.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await kit?.close();
});

async function bookingRun(days: number): Promise<string> {
  const alice = await authenticate(kit.db.prisma, await kit.token('alice'));
  const day = await freeWorkingDay(kit.db.prisma, alice, days);
  return (await startConversation(kit, 'alice', `Book annual leave from ${day} to ${day} for a family trip`)).runId;
}

async function readUntilEnd(stream: Awaited<ReturnType<typeof openEventStream>>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for (let event = await stream.next(); event; event = await stream.next()) events.push(event);
  return events;
}

describe('the run event stream', () => {
  it('resumes after Last-Event-ID with every later event once, in order, and ends after the terminal event', async () => {
    const runId = await bookingRun(25);
    const url = `${base}/api/v1/agent/runs/${runId}/events`;
    const headers = bearer(await kit.token('alice'));

    const first = await openEventStream(url, headers);
    expect(first.status).toBe(200);
    expect(first.contentType).toContain('text/event-stream');
    const seen: ServerSentEvent[] = [];
    while (seen.length < 3) seen.push((await first.next())!);
    first.close();
    const k = seen[2]!.id;

    const waiting = await kit.waitForRun(
      'alice',
      runId,
      'waits for approval',
      (r: RunView) => r.status === 'requires_action',
    );
    const resumed = await openEventStream(url, { ...headers, 'last-event-id': String(k) });
    const decided = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });
    expect(decided.statusCode).toBe(200);
    const rest = await readUntilEnd(resumed);

    const stored = await kit.db.prisma.agentRunEvent.findMany({ where: { runId }, orderBy: { seq: 'asc' } });
    expect(seen.map((e) => e.id)).toEqual([1, 2, 3]);
    expect(rest.map((e) => e.id)).toEqual(stored.filter((e) => e.seq > k).map((e) => e.seq));
    expect([...seen, ...rest].map((e) => e.event)).toEqual(stored.map((e) => e.event));
    expect(rest.at(-1)?.event).toBe('run.completed');
    expect(waiting.requiredAction?.kind).toBe('approval');
  });

  it('sends a heartbeat comment while a run waits, and nothing else', async () => {
    const runId = await bookingRun(55);
    await kit.waitForRun('alice', runId, 'waits for approval', (r) => r.status === 'requires_action');
    const stored = await kit.db.prisma.agentRunEvent.count({ where: { runId } });
    const feed = createPollingFeed(20);
    const stream = runEventStream(kit.db.prisma, feed, runId, stored, { heartbeatMs: 100 });
    try {
      expect((await stream.next()).value).toBe('retry: 1000\n\n');
      expect((await stream.next()).value).toBe(': heartbeat\n\n');
      expect((await stream.next()).value).toBe(': heartbeat\n\n');
    } finally {
      await stream.return(undefined);
      await feed.close();
      await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/cancel`, {});
    }
  });

  it('reads nothing on a heartbeat: an idle stream costs a timer, not a query each time', async () => {
    const runId = await bookingRun(57);
    await kit.waitForRun('alice', runId, 'waits for approval', (r) => r.status === 'requires_action');
    const stored = await kit.db.prisma.agentRunEvent.count({ where: { runId } });
    const { prisma } = kit.db;
    let reads = 0;
    // The real client, with its reads of the run's events counted (a stream reads them on the client's pg pool).
    const pool = sqlPool(prisma);
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    Object.defineProperty(pool, 'query', {
      configurable: true,
      value: (...args: unknown[]) => {
        const statement = args[0] as { text?: string; values?: unknown[] } | undefined;
        if (statement?.text?.includes('FROM agent_run_events') && statement.values?.[0] === runId) reads += 1;
        return query(...args);
      },
    });
    const feed = createListenFeed(kit.db.url, { warn: () => undefined });
    // The feed wakes every stream once it listens (to read what came before): wait for that, then open the stream.
    await new Promise<void>((resolve) => feed.subscribe('listening', resolve));
    const stream = runEventStream(prisma, feed, runId, stored, { heartbeatMs: 50 });
    try {
      expect((await stream.next()).value).toBe('retry: 1000\n\n');
      for (let i = 0; i < 4; i++) expect((await stream.next()).value).toBe(': heartbeat\n\n');
      // The one read when the stream opened; the run wrote nothing since, so the feed woke nobody.
      expect(reads).toBe(1);
    } finally {
      await stream.return(undefined);
      Reflect.deleteProperty(pool, 'query');
      await feed.close();
      await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/cancel`, {});
    }
  });

  it('replays a finished run from ?after= and closes', async () => {
    const runId = await bookingRun(35);
    await kit.waitForRun('alice', runId, 'waits for approval', (r) => r.status === 'requires_action');
    await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/cancel`, {});
    await kit.waitForRun('alice', runId, 'ends cancelled', (r) => r.status === 'cancelled');

    const stream = await openEventStream(
      `${base}/api/v1/agent/runs/${runId}/events?after=1`,
      bearer(await kit.token('alice')),
    );
    const events = await readUntilEnd(stream);
    expect(events[0]?.id).toBe(2);
    expect(events.at(-1)?.event).toBe('run.cancelled');
  });
});
