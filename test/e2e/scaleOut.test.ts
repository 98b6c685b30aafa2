import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { Redis } from 'ioredis';
import { authenticate } from '../../engines/tokens/authenticate';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { bearer, seedDemoTenants, tokenFor, type DemoKey } from '../support/identity';
import { freeWorkingDay } from '../support/leave';
import { spawnSvcHr, waitUntilReady, type SvcHrProcess } from '../support/svcHrProcess';
import { testTemporalAddress, uniqueTaskQueue } from '../support/temporalServer';
import { waitFor } from '../support/waitFor';
import { openEventStream, type ServerSentEvent } from '../integration/agent/sseClient';

/**
 * Two of everything (issue 23, item 6): two real `svc-hr api` and two real `svc-hr worker` processes (the built
 * CLI: `npm test` builds first) on one PostgreSQL database, one Redis and one Temporal server, seen through HTTP
 * only. Runs started on API A stream from API B, every event once and in order; decisions sent to either API
 * complete them; both workers execute runs; one worker SIGKILLed mid-way loses and repeats nothing; the rate limit
 * is one budget across both APIs; a notification made through one API reaches a stream on the other once.
 */
const REDIS_URL = process.env.SVC_HR_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Per token and minute: low enough to spend in the test, high enough for each person's runs. */
const LIMIT = 150;
const RUNS = 6;
const keyPrefix = `svc-hr-test:${randomUUID()}:rl:`;

let db: TestDatabase;
let temporal: Client;
let connection: Connection;
let redis: Redis;
const taskQueue = uniqueTaskQueue('scaleout');
const started: SvcHrProcess[] = [];
let apiA: SvcHrProcess;
let apiB: SvcHrProcess;
let workers: (SvcHrProcess & { identity: string })[];
const tokens = new Map<DemoKey, string>();

function env(): Record<string, string> {
  return {
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: testTemporalAddress(),
    TEMPORAL_TASK_QUEUE: taskQueue,
    SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
    REDIS_URL,
    SVC_HR_RATE_LIMIT_REDIS_PREFIX: keyPrefix,
    SVC_HR_RATE_LIMIT_PER_MINUTE: String(LIMIT),
  };
}

async function startWorker(): Promise<SvcHrProcess & { identity: string }> {
  const proc = await spawnSvcHr('worker', env());
  started.push(proc);
  const identity = `${proc.child.pid}@${os.hostname()}/${taskQueue}`;
  await waitFor(
    `worker ${identity} to poll`,
    async () => (await db.prisma.workerHeartbeat.findUnique({ where: { id: identity } })) !== null,
    { timeoutMs: 90_000, intervalMs: 100 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- worker output ---\n${proc.output()}`, { cause: error });
  });
  return Object.assign(proc, { identity });
}

async function startApi(): Promise<SvcHrProcess> {
  const proc = await spawnSvcHr('api', env());
  started.push(proc);
  await waitUntilReady(proc, 90_000);
  return proc;
}

function outputs(): string {
  return started.map((p, i) => `--- process ${i + 1} (pid ${p.child.pid}) ---\n${p.output()}`).join('\n');
}

async function token(who: DemoKey): Promise<string> {
  const known = tokens.get(who);
  if (known) return known;
  const made = await tokenFor(db.prisma, who);
  tokens.set(who, made);
  return made;
}

async function call(api: SvcHrProcess, who: DemoKey, method: 'GET' | 'POST', path: string, body?: object) {
  const res = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: { ...bearer(await token(who)), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
}

/** `count` successive free working days of `who`, from `ahead` days on. */
async function freeDays(who: DemoKey, ahead: number, count: number): Promise<string[]> {
  const actor = await authenticate(db.prisma, await token(who));
  const days: string[] = [];
  let from = ahead;
  while (days.length < count) {
    const day = await freeWorkingDay(db.prisma, actor, from);
    if (!days.includes(day)) days.push(day);
    from += 1;
  }
  return days;
}

type Stream = Awaited<ReturnType<typeof openEventStream>>;

/** Reads `stream` until an event named `until` (included), or the end. */
async function readUntil(stream: Stream, until: string, into: ServerSentEvent[]): Promise<void> {
  for (let event = await stream.next(); event; event = await stream.next()) {
    into.push(event);
    if (event.event === until) return;
  }
}

interface Booking {
  who: DemoKey;
  day: string;
  threadId: string;
  runId: string;
  stream: Stream;
  seen: ServerSentEvent[];
}

/** Starts a booking run as `who` on `api`, its stream open on `streamFrom` before the message is sent. */
async function startBooking(api: SvcHrProcess, streamFrom: SvcHrProcess, who: DemoKey, day: string): Promise<Booking> {
  const thread = await call(api, who, 'POST', '/api/v1/agent/threads', { title: 'Leave' });
  expect(thread.status).toBe(201);
  const threadId = (thread.json.data.thread as { id: string }).id;
  const sent = await call(api, who, 'POST', `/api/v1/agent/threads/${threadId}/messages`, {
    message: `Book annual leave from ${day} to ${day} for a family trip`,
  });
  expect(sent.status).toBe(201);
  const runId = sent.json.data.runId as string;
  const stream = await openEventStream(
    `${streamFrom.baseUrl}/api/v1/agent/runs/${runId}/events`,
    bearer(await token(who)),
  );
  expect(stream.status).toBe(200);
  return { who, day, threadId, runId, stream, seen: [] };
}

/** The identities that completed workflow tasks or started activities of a run. */
async function identitiesOf(runId: string): Promise<Set<string>> {
  const run = await db.prisma.agentRun.findUniqueOrThrow({ where: { id: runId } });
  const { events } = await temporal.workflow.getHandle(run.workflowId).fetchHistory();
  const ids = (events ?? []).flatMap((e) => [
    e.workflowTaskCompletedEventAttributes?.identity,
    e.activityTaskStartedEventAttributes?.identity,
  ]);
  return new Set(ids.filter((id): id is string => Boolean(id)));
}

/** The identity of the worker that completed the run's latest workflow task. */
async function lastWorkflowTaskIdentity(runId: string): Promise<string | undefined> {
  const run = await db.prisma.agentRun.findUniqueOrThrow({ where: { id: runId } });
  const { events } = await temporal.workflow.getHandle(run.workflowId).fetchHistory();
  return (
    (events ?? [])
      .map((e) => e.workflowTaskCompletedEventAttributes?.identity)
      .filter(Boolean)
      .at(-1) ?? undefined
  );
}

/** Each booking's stream holds every stored event of its run once, in order, ending with run.completed. */
async function expectStreamedOnceInOrder(bookings: Booking[]): Promise<void> {
  for (const b of bookings) {
    const stored = await db.prisma.agentRunEvent.findMany({ where: { runId: b.runId }, orderBy: { seq: 'asc' } });
    expect(b.seen.map((e) => e.id)).toEqual(stored.map((e) => e.seq));
    expect(b.seen.map((e) => e.event)).toEqual(stored.map((e) => e.event));
    expect(b.seen.map((e) => e.id)).toEqual(stored.map((_, i) => i + 1));
    expect(b.seen.at(-1)?.event).toBe('run.completed');
    expect(b.seen.filter((e) => e.event === 'run.completed')).toHaveLength(1);
  }
}

/** Each booking made one leave request on its day and carried out one action. */
async function expectExactlyOnce(bookings: Booking[], since: Date): Promise<void> {
  for (const b of bookings) {
    const actor = await authenticate(db.prisma, await token(b.who));
    const requests = await db.prisma.leaveRequest.count({
      where: { employeeId: actor.employee?.id, startDate: new Date(`${b.day}T00:00:00Z`), createdAt: { gte: since } },
    });
    expect({ run: b.runId, requests }).toEqual({ run: b.runId, requests: 1 });
    expect(await db.prisma.agentMessage.count({ where: { threadId: b.threadId, role: 'tool' } })).toBe(1);
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect();
  connection = await Connection.connect({ address: testTemporalAddress() });
  temporal = new Client({ connection });
  workers = await Promise.all([startWorker(), startWorker()]);
  [apiA, apiB] = await Promise.all([startApi(), startApi()]);
});

afterAll(async () => {
  for (const proc of started) proc.killGroup('SIGTERM');
  await Promise.all(started.map((proc) => proc.exited));
  await connection?.close();
  const keys = (await redis?.keys(`${keyPrefix}*`)) ?? [];
  if (keys.length > 0) await redis.del(...keys);
  await redis?.quit();
  await db?.drop();
});

/** Runs `fn`; a failure carries what every process printed. */
async function withOutputs(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${outputs()}`, { cause: error });
  }
}

describe('two API and two worker processes', () => {
  it('stream runs started on A from B once and in order; decisions on either complete them; both workers run them', async () => {
    await withOutputs(async () => {
      const since = new Date();
      const [aliceDays, bobDays] = [await freeDays('alice', 10, RUNS / 2), await freeDays('bob', 10, RUNS / 2)];
      const bookings = await Promise.all(
        Array.from({ length: RUNS }, (_, i) =>
          i % 2 === 0
            ? startBooking(apiA, apiB, 'alice', aliceDays[i / 2]!)
            : startBooking(apiA, apiB, 'bob', bobDays[(i - 1) / 2]!),
        ),
      );
      await Promise.all(bookings.map((b) => readUntil(b.stream, 'run.requires_action', b.seen)));
      // Half the decisions through A, half through B.
      for (const [i, b] of bookings.entries()) {
        const decided = await call(
          i % 2 === 0 ? apiA : apiB,
          b.who,
          'POST',
          `/api/v1/agent/runs/${b.runId}/decisions`,
          {
            decision: 'approve',
          },
        );
        expect(decided.status).toBe(200);
      }
      await Promise.all(bookings.map((b) => readUntil(b.stream, 'run.completed', b.seen)));
      for (const b of bookings) b.stream.close();

      await expectStreamedOnceInOrder(bookings);
      await expectExactlyOnce(bookings, since);
      const identities = new Set<string>();
      for (const b of bookings) for (const id of await identitiesOf(b.runId)) identities.add(id);
      expect([...identities].sort()).toEqual(workers.map((w) => w.identity).sort());
    });
  });

  it('a rejection sent to B ends a run started on A without carrying its action out', async () => {
    await withOutputs(async () => {
      const [day] = await freeDays('alice', 20, 1);
      const b = await startBooking(apiA, apiB, 'alice', day!);
      await readUntil(b.stream, 'run.requires_action', b.seen);
      const decided = await call(apiB, 'alice', 'POST', `/api/v1/agent/runs/${b.runId}/decisions`, {
        decision: 'reject',
      });
      expect(decided.status).toBe(200);
      await readUntil(b.stream, 'run.completed', b.seen);
      b.stream.close();
      await expectStreamedOnceInOrder([b]);
      const actor = await authenticate(db.prisma, await token('alice'));
      expect(
        await db.prisma.leaveRequest.count({
          where: {
            employeeId: actor.employee?.id,
            startDate: new Date(`${day}T00:00:00Z`),
            status: { not: 'CANCELLED' },
          },
        }),
      ).toBe(0);
    });
  });

  it('lose and repeat nothing when one worker is SIGKILLed while approved actions are carried out', async () => {
    await withOutputs(async () => {
      const since = new Date();
      const [aliceDays, bobDays] = [await freeDays('alice', 25, RUNS / 2), await freeDays('bob', 25, RUNS / 2)];
      const bookings = await Promise.all(
        Array.from({ length: RUNS }, (_, i) =>
          i % 2 === 0
            ? startBooking(apiB, apiA, 'alice', aliceDays[i / 2]!)
            : startBooking(apiB, apiA, 'bob', bobDays[(i - 1) / 2]!),
        ),
      );
      await Promise.all(bookings.map((b) => readUntil(b.stream, 'run.requires_action', b.seen)));
      const approve = (b: Booking, i: number) =>
        call(i % 2 === 0 ? apiA : apiB, b.who, 'POST', `/api/v1/agent/runs/${b.runId}/decisions`, {
          decision: 'approve',
        });
      const [early, late] = [bookings.slice(0, RUNS / 2), bookings.slice(RUNS / 2)];
      const earlyDecisions = early.map(approve);
      // Mid-way: once the first approved action is carried out, the other early ones are in flight or not started.
      await waitFor(
        'a first action carried out',
        async () =>
          (await db.prisma.agentMessage.count({
            where: { threadId: { in: early.map((b) => b.threadId) }, role: 'tool' },
          })) > 0,
        { timeoutMs: 60_000, intervalMs: 20 },
      );
      // The victim: the worker that last ran most of the late runs (waiting for approval, held in its sticky queue),
      // so that at least one of them must be taken over by the other worker.
      const lastOf = await Promise.all(late.map((b) => lastWorkflowTaskIdentity(b.runId)));
      const held = (w: { identity: string }) => lastOf.filter((id) => id === w.identity).length;
      const [victim, survivor] = held(workers[0]!) >= held(workers[1]!) ? workers : [workers[1]!, workers[0]!];
      victim!.killGroup('SIGKILL');
      await victim!.exited;
      const lateDecisions = late.map((b, i) => approve(b, i + 1));
      for (const decided of await Promise.all([...earlyDecisions, ...lateDecisions])) expect(decided.status).toBe(200);
      // The survivor takes the killed worker's runs after its sticky queue and heartbeat timeouts (10 s each).
      await Promise.all(bookings.map((b) => readUntil(b.stream, 'run.completed', b.seen)));
      for (const b of bookings) b.stream.close();

      const takenOver = late.filter((_, i) => lastOf[i] === victim!.identity);
      expect(takenOver.length).toBeGreaterThan(0);
      for (const b of takenOver) expect(await lastWorkflowTaskIdentity(b.runId)).toBe(survivor!.identity);
      await expectStreamedOnceInOrder(bookings);
      await expectExactlyOnce(bookings, since);
    });
  });

  it('count one rate-limit budget per token across both APIs', async () => {
    const secret = await tokenFor(db.prisma, 'manager');
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const res = await fetch(`${[apiA, apiB][i % 2]!.baseUrl}/api/v1/me`, { headers: bearer(secret) });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LIMIT).filter((s) => s !== 200)).toEqual([]);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  });

  it('deliver a message made through A to each recipient’s notification stream on B once', async () => {
    const scoped = (who: DemoKey) =>
      tokenFor(db.prisma, who, ['messages:read', 'messages:write', 'notifications:read']);
    const [alice, hr] = [await scoped('alice'), await scoped('hr')];
    const stream = await openEventStream(`${apiB.baseUrl}/api/notifications/stream`, bearer(alice));
    expect(stream.status).toBe(200);
    const aliceId = (await db.prisma.employee.findFirstOrThrow({ where: { email: 'alice@acme.test' } })).id;
    const post = async (path: string, body: object) => {
      const res = await fetch(`${apiA.baseUrl}${path}`, {
        method: 'POST',
        headers: { ...bearer(hr), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { data: Record<string, { id: string }> }).data;
    };
    const { conversation } = await post('/api/messages/conversations', { kind: 'direct', participantIds: [aliceId] });
    const { message } = await post(`/api/messages/conversations/${conversation!.id}/messages`, { text: 'Hello' });

    const next = (ms: number) =>
      Promise.race([stream.next(), new Promise<'none'>((resolve) => setTimeout(() => resolve('none'), ms).unref())]);
    const event = await next(20_000);
    expect(event).not.toBe('none');
    expect((event as ServerSentEvent).event).toBe('messages.message_received');
    expect(((event as ServerSentEvent).data as { data: object }).data).toEqual({
      conversationId: conversation!.id,
      messageId: message!.id,
    });
    expect(await next(1_500)).toBe('none');
    stream.close();
  });
});
