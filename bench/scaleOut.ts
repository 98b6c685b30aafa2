/**
 * Scale-out benchmark: real processes, one PostgreSQL database, one Redis, one Temporal dev server (db file). First
 * one `svc-hr api` and one `svc-hr worker` (1+1); then a second API and a second worker join on the same database,
 * Redis and task queue (2+2). In each phase N agent runs ("Book annual leave from <day> to <day> ...", by rotating
 * demo employees), SVC_HR_BENCH_SCALE_CONCURRENCY at a time, each driven through HTTP as a client would: send, stream
 * until run.requires_action, approve, stream until run.completed. In the 2+2 phase the runs alternate between the
 * APIs, and each run's stream is opened on the other API than the one it was sent to (events reach it through the
 * database), as behind a load balancer. Prints runs/s and p50/p95 send → run.requires_action per phase, and the
 * 2+2 figures as ratios to the 1+1 ones measured in the same run. On one machine the processes share its cores, so
 * the ratio shows what a second pair costs or gains here, not on separate hosts.
 *
 *   npx tsx bench/scaleOut.ts      (SVC_HR_BENCH_SCALE_RUNS=40, SVC_HR_BENCH_SCALE_CONCURRENCY=8 by default)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, dayOfWeek, fromDbDate, type IsoDate } from '../engines/leave/dates';
import { tenantToday } from '../engines/leave/tenantCalendar';
import { issueForEmail } from '../engines/tokens/credentials';
import { scopes } from '../engines/access/scopes';
import { seedDemo } from '../prisma/seed';
import { startDevServer } from '../temporal/devServer/devServer';
import { openEventStream } from '../test/integration/agent/sseClient';
import { spawnSvcHr, waitUntilReady, type SvcHrProcess } from '../test/support/svcHrProcess';
import { testTemporalCli } from '../test/support/temporalServer';
import { waitFor } from '../test/support/waitFor';
import { percentile, printTable } from './report';
import { benchDatabase } from './support';
import { systemClock } from '../engines/clock';

const runs = Number(process.env.SVC_HR_BENCH_SCALE_RUNS ?? 40);
const concurrency = Number(process.env.SVC_HR_BENCH_SCALE_CONCURRENCY ?? 8);
const redisUrl = process.env.SVC_HR_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

interface Person {
  token: string;
  cursor: IsoDate;
  taken: Array<{ start: IsoDate; end: IsoDate }>;
}

/** Acme's employees with a manager (so each booking waits for approval), each with a token of every scope. */
async function benchPeople(prisma: Awaited<ReturnType<typeof benchDatabase>>['prisma']): Promise<Person[]> {
  const { tenantId } = await prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' } });
  const { today } = await tenantToday(prisma, tenantId, systemClock);
  const employees = await prisma.employee.findMany({
    where: { tenantId, managerId: { not: null }, user: { role: 'EMPLOYEE' } },
    include: { user: true },
    orderBy: { employeeNumber: 'asc' },
  });
  const people: Person[] = [];
  for (const employee of employees) {
    const { secret } = await issueForEmail(prisma, {
      email: employee.user!.email,
      kind: 'personal_access_token',
      name: 'scale-out bench',
      scopes,
      expiresAt: null,
    });
    const taken = await prisma.leaveRequest.findMany({
      where: { employeeId: employee.id, status: { notIn: ['REJECTED', 'CANCELLED'] } },
      select: { startDate: true, endDate: true },
    });
    people.push({
      token: secret,
      cursor: addDays(today, 21),
      taken: taken.map((t) => ({ start: fromDbDate(t.startDate), end: fromDbDate(t.endDate) })),
    });
  }
  return people;
}

/** The person's next free working day (and moves their cursor past it). */
function nextFreeDay(person: Person): IsoDate {
  let day = person.cursor;
  const busy = (d: IsoDate) => person.taken.some((t) => t.start <= d && d <= t.end);
  while (dayOfWeek(day) === 0 || dayOfWeek(day) === 6 || busy(day)) day = addDays(day, 1);
  person.cursor = addDays(day, 1);
  return day;
}

async function call<T>(baseUrl: string, token: string, method: string, url: string, body?: object): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** One run: sent to `sendTo`, streamed (and decided) on `streamFrom`; answers send → run.requires_action in ms. */
async function agentRun(sendTo: string, streamFrom: string, person: Person): Promise<number> {
  const day = nextFreeDay(person);
  const { data } = await call<{ data: { thread: { id: string } } }>(
    sendTo,
    person.token,
    'POST',
    '/api/v1/agent/threads',
    {
      title: 'Bench',
    },
  );
  const sent = process.hrtime.bigint();
  const {
    data: { runId },
  } = await call<{ data: { runId: string } }>(
    sendTo,
    person.token,
    'POST',
    `/api/v1/agent/threads/${data.thread.id}/messages`,
    {
      message: `Book annual leave from ${day} to ${day} for a family trip`,
    },
  );
  const stream = await openEventStream(`${streamFrom}/api/v1/agent/runs/${runId}/events`, {
    authorization: `Bearer ${person.token}`,
  });
  try {
    const until = async (event: string) => {
      for (let e = await stream.next(); e; e = await stream.next()) {
        if (e.event === event) return;
        if (['run.failed', 'run.cancelled', 'run.expired'].includes(e.event)) {
          throw new Error(`run ${runId} ended ${e.event}: ${JSON.stringify(e.data)}`);
        }
      }
      throw new Error(`the stream of run ${runId} ended before ${event}`);
    };
    await until('run.requires_action');
    const requiresAction = ms(sent);
    await call(streamFrom, person.token, 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });
    await until('run.completed');
    return requiresAction;
  } finally {
    stream.close();
  }
}

/** N runs, `concurrency` at a time, spread over `apis`; answers runs/s and the send → requires_action times. */
async function phase(apis: string[], people: Person[]): Promise<{ perSecond: number; requiresAction: number[] }> {
  const times: number[] = [];
  let next = 0;
  const startedAt = process.hrtime.bigint();
  const lane = async () => {
    for (let i = next++; i < runs; i = next++) {
      const sendTo = apis[i % apis.length]!;
      const streamFrom = apis[(i + 1) % apis.length]!;
      times.push(await agentRun(sendTo, streamFrom, people[i % people.length]!));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { perSecond: runs / (ms(startedAt) / 1000), requiresAction: times };
}

async function main(): Promise<void> {
  const binary = await testTemporalCli();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-bench-scale-'));
  const db = await benchDatabase('scaleout', 20);
  const procs: SvcHrProcess[] = [];
  const temporal = await startDevServer({
    binary,
    dbFile: path.join(dir, 'temporal.db'),
    port: 0,
    uiPort: 0,
    headless: true,
    namespace: 'default',
    log: () => undefined,
    output: () => undefined,
  });
  try {
    await seedDemo(db.prisma, { clock: systemClock });
    const people = await benchPeople(db.prisma);
    const taskQueue = `bench-scale-${randomUUID().slice(0, 8)}`;
    const env = {
      DATABASE_URL: db.url,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      REDIS_URL: redisUrl,
      SVC_HR_RATE_LIMIT_REDIS_PREFIX: `svc-hr-bench:${randomUUID()}:rl:`,
      SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000000',
      SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
      LOG_LEVEL: 'warn',
    };
    const startWorker = async () => {
      const worker = await spawnSvcHr('worker', env);
      procs.push(worker);
      const before = await db.prisma.workerHeartbeat.count({ where: { taskQueue } });
      await waitFor(
        'an svc-hr worker to poll',
        async () => (await db.prisma.workerHeartbeat.count({ where: { taskQueue } })) > before,
        { timeoutMs: 120_000, intervalMs: 200 },
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${worker.output()}`, { cause: error });
      });
    };
    const startApi = async () => {
      const api = await spawnSvcHr('api', env);
      procs.push(api);
      await waitUntilReady(api);
      return api.baseUrl;
    };

    await startWorker();
    const a = await startApi();
    // Warm-up (bundles, connections, caches), not counted.
    await agentRun(a, a, people[0]!);
    const one = await phase([a], people);

    await startWorker();
    const b = await startApi();
    await agentRun(b, a, people[1]!);
    const two = await phase([a, b], people);

    const p = (values: number[], q: number) => percentile(values, q);
    printTable(
      `scale-out: ${runs} agent runs per topology, ${concurrency} at a time, send → approve → completed through HTTP; ratio to 1+1`,
      [
        ['1 api + 1 worker: runs/s', one.perSecond, 1],
        ['2 api + 2 worker: runs/s', two.perSecond, two.perSecond / one.perSecond],
        ['1 api + 1 worker: send → run.requires_action p50 ms', p(one.requiresAction, 50), 1],
        [
          '2 api + 2 worker: send → run.requires_action p50 ms',
          p(two.requiresAction, 50),
          p(two.requiresAction, 50) / p(one.requiresAction, 50),
        ],
        ['1 api + 1 worker: send → run.requires_action p95 ms', p(one.requiresAction, 95), 1],
        [
          '2 api + 2 worker: send → run.requires_action p95 ms',
          p(two.requiresAction, 95),
          p(two.requiresAction, 95) / p(one.requiresAction, 95),
        ],
      ],
    );
    console.log(`  cores on this machine: ${os.cpus().length} (every process shares them)`);
  } finally {
    for (const proc of procs) {
      proc.killGroup('SIGTERM');
      await proc.exited;
    }
    await temporal.stop();
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
