/**
 * Agent latency benchmark: real processes end to end. A Temporal dev server (db file), a `svc-hr worker` and a
 * `svc-hr api` process (the built CLI: `npm run build` first) on a fresh database with the demo data; the bench
 * talks HTTP to the API as a client would. For each of N runs ("Book annual leave from <day> to <day> ...", by a
 * rotating demo employee):
 *   - send → first event: from POST send_agent_message until the run's stream (opened once the POST answered)
 *     delivers its first event;
 *   - send → run.requires_action: until the stream delivers the approval request;
 *   - approve → run.completed: from POST decide_agent_run until the stream delivers run.completed (the leave request
 *     is written in between).
 * Baseline in the same run, interleaved with the agent runs on the same Temporal server: a bare workflow that waits
 * for one signal (bench/workflows/signalFloor.ts, run by a worker in this process): client start, signal, result.
 * That round trip is the floor under every agent latency above; the ratios say how far above it each one is.
 * After the ratios: the median gap between consecutive events of the floor's and the runs' workflow histories
 * (bench/agentTrace.ts), i.e. each workflow task's and activity's queue and run time; docs/temporal.md ("Where an
 * agent run's time goes") keeps the table of before and after the `agent-local-steps` patch.
 *
 *   npx tsx bench/agentLatency.ts          (SVC_HR_BENCH_AGENT_RUNS=100 by default)
 *
 * SVC_HR_BENCH_WORKER_NODE_OPTIONS is handed to the worker process as NODE_OPTIONS, e.g. `--require` of a script that
 * starts node:inspector's profiler and writes the profile on exit (Node refuses --cpu-prof in NODE_OPTIONS).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { addDays, dayOfWeek, fromDbDate, type IsoDate } from '../engines/leave/dates';
import { tenantToday } from '../engines/leave/tenantCalendar';
import { issueForEmail } from '../engines/tokens/credentials';
import { scopes } from '../engines/access/scopes';
import { seedDemo } from '../prisma/seed';
import { connectTemporal } from '../temporal/connection';
import { startDevServer } from '../temporal/devServer/devServer';
import { openEventStream } from '../test/integration/agent/sseClient';
import { spawnSvcHr, waitUntilReady, type SvcHrProcess } from '../test/support/svcHrProcess';
import { testTemporalCli } from '../test/support/temporalServer';
import { waitFor } from '../test/support/waitFor';
import { medianTrace, printTrace, traceHistory } from './agentTrace';
import { percentile, printTable } from './report';
import { benchDatabase } from './support';
import { goSignal, signalFloor } from './workflows/signalFloor';
import { systemClock } from '../engines/clock';

const runs = Number(process.env.SVC_HR_BENCH_AGENT_RUNS ?? 100);
const workerNodeOptions = process.env.SVC_HR_BENCH_WORKER_NODE_OPTIONS;
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

interface Person {
  email: string;
  token: string;
  /** The next day to try for this person's booking. */
  cursor: IsoDate;
  /** Days the person already has leave on (the demo data gives some people leave of their own). */
  taken: Array<{ start: IsoDate; end: IsoDate }>;
}

/** Acme's employees with a manager (so each booking is routed and waits), each with a token of every scope. */
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
      name: 'agent latency bench',
      scopes,
      expiresAt: null,
    });
    const taken = await prisma.leaveRequest.findMany({
      where: { employeeId: employee.id, status: { notIn: ['REJECTED', 'CANCELLED'] } },
      select: { startDate: true, endDate: true },
    });
    people.push({
      email: employee.user!.email,
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

interface AgentTimes {
  firstEvent: number;
  requiresAction: number;
  approvalToCompleted: number;
  /** Did the approved booking succeed (the run's action event), or did the engine refuse it? */
  booked: boolean;
  runId: string;
}

/** One agent run through the API, timed from the client's side of the HTTP connection. */
async function timeAgentRun(baseUrl: string, person: Person): Promise<AgentTimes> {
  const day = nextFreeDay(person);
  const { data: thread } = await call<{ data: { thread: { id: string } } }>(
    baseUrl,
    person.token,
    'POST',
    '/api/v1/agent/threads',
    { title: 'Bench' },
  );
  const sent = process.hrtime.bigint();
  const {
    data: { runId },
  } = await call<{ data: { runId: string } }>(
    baseUrl,
    person.token,
    'POST',
    `/api/v1/agent/threads/${thread.thread.id}/messages`,
    { message: `Book annual leave from ${day} to ${day} for a family trip` },
  );
  const stream = await openEventStream(`${baseUrl}/api/v1/agent/runs/${runId}/events`, {
    authorization: `Bearer ${person.token}`,
  });
  try {
    const until = async (event: string) => {
      for (let e = await stream.next(); e; e = await stream.next()) {
        if (e.event === event) return e;
        if (['run.failed', 'run.cancelled', 'run.expired'].includes(e.event)) {
          throw new Error(`run ${runId} ended ${e.event}: ${JSON.stringify(e.data)}`);
        }
      }
      throw new Error(`the stream of run ${runId} ended before ${event}`);
    };
    const first = await stream.next();
    if (!first) throw new Error(`the stream of run ${runId} ended at once`);
    const firstEvent = ms(sent);
    await until('run.requires_action');
    const requiresAction = ms(sent);
    const approved = process.hrtime.bigint();
    await call(baseUrl, person.token, 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });
    let booked = false;
    for (let e = await stream.next(); e; e = await stream.next()) {
      if (e.event === 'action.succeeded') booked = true;
      if (e.event === 'run.completed')
        return { firstEvent, requiresAction, approvalToCompleted: ms(approved), booked, runId };
    }
    throw new Error(`the stream of run ${runId} ended before run.completed`);
  } finally {
    stream.close();
  }
}

async function main(): Promise<void> {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const binary = await testTemporalCli();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-bench-agent-'));
  const db = await benchDatabase('agent');
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
  const client = await connectTemporal({ address: temporal.address, namespace: 'default' });
  let floorConnection: NativeConnection | undefined;
  let floorWorker: Worker | undefined;
  let floorRunning: Promise<void> | undefined;
  try {
    await seedDemo(db.prisma, { clock: systemClock });
    const people = await benchPeople(db.prisma);
    const taskQueue = `bench-agent-${randomUUID().slice(0, 8)}`;
    const env = {
      DATABASE_URL: db.url,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000000',
      SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
      LOG_LEVEL: 'warn',
    };
    const worker = await spawnSvcHr('worker', workerNodeOptions ? { ...env, NODE_OPTIONS: workerNodeOptions } : env);
    procs.push(worker);
    await waitFor(
      'the svc-hr worker to poll',
      async () => (await db.prisma.workerHeartbeat.count({ where: { taskQueue } })) > 0,
      { timeoutMs: 120_000, intervalMs: 200 },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${worker.output()}`, { cause: error });
    });
    const api = await spawnSvcHr('api', env);
    procs.push(api);
    await waitUntilReady(api);

    const floorQueue = `bench-floor-${randomUUID().slice(0, 8)}`;
    floorConnection = await NativeConnection.connect({ address: temporal.address });
    floorWorker = await Worker.create({
      connection: floorConnection,
      namespace: 'default',
      taskQueue: floorQueue,
      workflowsPath: require.resolve('./workflows/signalFloor'),
    });
    floorRunning = floorWorker.run();
    const floorIds: string[] = [];
    const timeFloor = async () => {
      const started = process.hrtime.bigint();
      const handle = await client.client.workflow.start(signalFloor, {
        taskQueue: floorQueue,
        workflowId: `bench-floor/${randomUUID()}`,
      });
      await handle.signal(goSignal);
      await handle.result();
      floorIds.push(handle.workflowId);
      return ms(started);
    };

    // Warm-up (bundles, connections, caches), not counted.
    await timeFloor();
    await timeAgentRun(api.baseUrl, people[0]!);

    const floor: number[] = [];
    const agent: AgentTimes[] = [];
    const startedAt = Date.now();
    for (let i = 0; i < runs; i++) {
      floor.push(await timeFloor());
      agent.push(await timeAgentRun(api.baseUrl, people[(i + 1) % people.length]!));
    }
    const seconds = (Date.now() - startedAt) / 1000;

    const rows = (label: string, values: number[]): Array<[string, number, number]> => [
      [`${label} p50`, percentile(values, 50), percentile(values, 50) / percentile(floor, 50)],
      [`${label} p95`, percentile(values, 95), percentile(values, 95) / percentile(floor, 95)],
    ];
    printTable(
      `agent latency: ms over ${runs} runs (${people.length} people, ${seconds.toFixed(0)} s); ratio to the floor's same percentile`,
      [
        ...rows('bare workflow start → signal → result (floor)', floor),
        ...rows(
          'send_agent_message → first SSE event',
          agent.map((a) => a.firstEvent),
        ),
        ...rows(
          'send_agent_message → run.requires_action',
          agent.map((a) => a.requiresAction),
        ),
        ...rows(
          'decide_agent_run (approve) → run.completed',
          agent.map((a) => a.approvalToCompleted),
        ),
      ],
    );
    console.log(`  bookings that succeeded: ${agent.filter((a) => a.booked).length} of ${runs}`);

    // Where the time goes: the gaps between the events of the histories (see the table at the top).
    const traceOf = async (workflowId: string) =>
      traceHistory(await client.client.workflow.getHandle(workflowId).fetchHistory());
    const runWorkflows = await db.prisma.agentRun.findMany({
      where: { id: { in: agent.map((a) => a.runId) } },
      select: { workflowId: true },
    });
    printTrace('floor history', medianTrace(await Promise.all(floorIds.slice(1).map(traceOf))), floorIds.length - 1);
    printTrace(
      'agent run history',
      medianTrace(await Promise.all(runWorkflows.map((r) => traceOf(r.workflowId)))),
      runWorkflows.length,
    );
  } finally {
    floorWorker?.shutdown();
    await floorRunning;
    await floorConnection?.close();
    for (const proc of procs) {
      proc.killGroup('SIGTERM');
      await proc.exited;
    }
    await client.close();
    await temporal.stop();
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
