/**
 * Live streams benchmark (issue 23, item 5): real processes, as agentLatency. A Temporal dev server, a `svc-hr
 * worker` and one `svc-hr api` (the built CLI: `npm run build` first) on a fresh database with the demo data and
 * one bench user per stream, each with a run of its own and a personal access token. The bench process is the
 * client: it holds N run streams (GET /api/v1/agent/runs/{id}/events, one per run) and N notification streams
 * (GET /api/notifications/stream, one per user) on raw keep-alive HTTP connections and parses the SSE frames.
 *
 * Events flow at a steady rate through the engines, as the worker and the API write them: appendRunEvent (the
 * run's event plus its NOTIFY, in one transaction) and writeNotifications (the one notification writer). Each
 * event carries a bench id; its latency is from the moment the bench began writing it (and, second column, from its
 * commit) to its arrival at the stream. Every stream must get each of its events exactly once.
 *
 * Baseline in the same run: the same delivery with SVC_HR_BENCH_STREAMS_BASELINE streams of each kind (10), so the
 * ratio shows what N costs. The API process's RSS (VmRSS) is read at idle, with all streams open, and at its peak
 * while events flow.
 *
 * Where the RSS went (1000+1000, this machine): the API process idles at ~300 MB (V8 heap ~150 MB, of which ~27 MB
 * are large strings: the reference page's bundled script twice, Prisma's query compiler; the rest is the node binary,
 * malloc arenas and the Temporal core bridge), and the streams' own objects (sockets, requests, replies, generators)
 * are ~16 KB each, ~33 MB live. What used to come on top was the reads: every open and every wake-up read through
 * Prisma, whose per-query CPU and garbage grew the heap (and, by ~35 MB more, the memory outside it) while streams
 * opened and events flowed: 340-348 MB open, 403-441 MB peak, delivery p50/p99 61/224 ms, 0.92 ms of API CPU per
 * delivered event. The streams now read with prepared statements on the pg pool
 * (engines/agent/runEventFeedReads.ts, engines/notifications/notificationFeedReads.ts): 306-334 MB open, 323-352 MB
 * peak, p50/p99 4-6/60-77 ms, 0.46-0.54 ms per event (2 runs), no V8 flag needed. SVC_HR_BENCH_STREAMS_API_NODE_OPTIONS passes V8 flags to
 * the API process only (e.g. --max-semi-space-size, --heap-prof, --inspect), to see RSS move or where it goes.
 *
 *   npx tsx bench/streams.ts     SVC_HR_BENCH_STREAMS=1000 (of each kind), SVC_HR_BENCH_STREAMS_EVENTS=3 (per stream),
 *                                SVC_HR_BENCH_STREAMS_RATE=200 (events written per second, both kinds together)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { appendRunEvent } from '../engines/agent/events';
import { lockRun } from '../engines/agent/runs';
import { writeNotifications } from '../engines/notifications/writeNotifications';
import { issueCredential } from '../engines/tokens/credentials';
import { seedDemo } from '../prisma/seed';
import { startDevServer } from '../temporal/devServer/devServer';
import { spawnSvcHr, waitUntilReady, type SvcHrProcess } from '../test/support/svcHrProcess';
import { testTemporalCli } from '../test/support/temporalServer';
import { waitFor } from '../test/support/waitFor';
import { percentile, printTable } from './report';
import { benchDatabase } from './support';
import { systemClock } from '../engines/clock';

const streams = Number(process.env.SVC_HR_BENCH_STREAMS ?? 1000);
const baselineStreams = Number(process.env.SVC_HR_BENCH_STREAMS_BASELINE ?? 10);
const eventsPerStream = Number(process.env.SVC_HR_BENCH_STREAMS_EVENTS ?? 3);
const rate = Number(process.env.SVC_HR_BENCH_STREAMS_RATE ?? 200);

type Db = Awaited<ReturnType<typeof benchDatabase>>;

/** A bench user: a token, and a run of their own to stream. */
interface Streamer {
  userId: string;
  tenantId: string;
  token: string;
  runId: string;
}

/** `count` users of Acme, each with a token for both streams and an in-progress run (no workflow: the bench writes its events). */
async function benchStreamers(db: Db, count: number, tag: string): Promise<Streamer[]> {
  const { tenantId } = await db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' } });
  const users = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    tenantId,
    email: `stream-${tag}-${i}@acme.test`,
    name: `Stream ${tag} ${i}`,
  }));
  await db.prisma.user.createMany({ data: users });
  const threads = users.map((u) => ({ id: randomUUID(), tenantId, userId: u.id, title: 'Streams bench' }));
  await db.prisma.agentThread.createMany({ data: threads });
  const runs = threads.map((t) => ({
    id: randomUUID(),
    tenantId,
    threadId: t.id,
    userId: t.userId,
    scopes: ['agent:read'],
    status: 'in_progress',
    workflowId: `bench-streams/${t.id}`,
  }));
  await db.prisma.agentRun.createMany({ data: runs });
  const out: Streamer[] = [];
  for (let i = 0; i < count; i++) {
    const { secret } = await issueCredential(db.prisma, {
      tenantId,
      userId: users[i]!.id,
      kind: 'personal_access_token',
      name: 'streams bench',
      scopes: ['agent:read', 'notifications:read'],
      expiresAt: null,
    });
    out.push({ userId: users[i]!.id, tenantId, token: secret, runId: runs[i]!.id });
  }
  return out;
}

/** When each bench event began to be written and when it committed (performance.now()). */
const written = new Map<string, { start: number; commit: number }>();

/** One open SSE connection: counts, per round, the bench events it got; times each on arrival. */
class Stream {
  readonly got: Uint8Array;
  readonly fromStart: number[] = [];
  readonly fromCommit: number[] = [];
  ended = false;
  private req: http.ClientRequest | undefined;

  constructor(
    readonly kind: 'run' | 'notification',
    readonly who: Streamer,
    rounds: number,
  ) {
    this.got = new Uint8Array(rounds);
  }

  open(baseUrl: string, agent: http.Agent): Promise<void> {
    const url =
      this.kind === 'run'
        ? `${baseUrl}/api/v1/agent/runs/${this.who.runId}/events`
        : `${baseUrl}/api/notifications/stream`;
    return new Promise((resolve, reject) => {
      this.req = http.get(
        url,
        { agent, headers: { accept: 'text/event-stream', authorization: `Bearer ${this.who.token}` } },
        (res) => {
          if (res.statusCode !== 200) {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => reject(new Error(`${url} answered ${res.statusCode}: ${body}`)));
            return;
          }
          res.setEncoding('utf8');
          let buffer = '';
          let first = true;
          res.on('data', (chunk: string) => {
            const now = performance.now();
            buffer += chunk;
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              this.frame(buffer.slice(0, end), now);
              buffer = buffer.slice(end + 2);
            }
            // The stream's first frame (retry:) says it is subscribed: events written from now on reach it.
            if (first) {
              first = false;
              resolve();
            }
          });
          res.on('end', () => (this.ended = true));
          res.on('error', () => (this.ended = true));
        },
      );
      this.req.on('error', reject);
    });
  }

  private frame(block: string, now: number): void {
    const dataLine = block.split('\n').find((l) => l.startsWith('data:'));
    if (!dataLine) return;
    const data = JSON.parse(dataLine.slice(5)) as { bench?: string; data?: { bench?: string } };
    const bench = data.bench ?? data.data?.bench;
    if (!bench) return;
    const round = Number(bench.slice(bench.lastIndexOf('/') + 1));
    this.got[round]! += 1;
    const t = written.get(bench)!;
    this.fromStart.push(now - t.start);
    // Arrived before the bench's own transaction call returned: no later than the commit as the bench sees it.
    this.fromCommit.push(Number.isNaN(t.commit) ? 0 : now - t.commit);
  }

  close(): void {
    this.req?.destroy();
  }
}

function rssMb(pid: number): number {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return NaN; // The process is gone: the phase reports it.
  }
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Opens the streams, `parallel` at a time (each open authenticates and reads the database). */
async function openAll(list: Stream[], baseUrl: string, agent: http.Agent, parallel = 50): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < list.length) await list[next++]!.open(baseUrl, agent);
    }),
  );
}

/**
 * Writes each stream's events, round after round, at `perSecond` overall, from a pool of writers; answers once every
 * write committed.
 */
async function drive(db: Db, list: Stream[], rounds: number, perSecond: number): Promise<number> {
  const jobs: Array<() => Promise<void>> = [];
  for (let round = 0; round < rounds; round++) {
    for (const s of list) {
      const bench = `${s.kind}/${s.who.userId}/${round}`;
      jobs.push(async () => {
        const start = performance.now();
        const times = { start, commit: NaN };
        written.set(bench, times);
        if (s.kind === 'run') {
          // As the worker writes a run's events: under the run's lock, which serialises its sequence numbers.
          await db.prisma.$transaction(async (tx) =>
            appendRunEvent(tx, await lockRun(tx, s.who.runId), 'run.step.started', { bench }),
          );
        } else {
          await db.prisma.$transaction((tx) =>
            writeNotifications(tx, [
              {
                tenantId: s.who.tenantId,
                userId: s.who.userId,
                kind: 'bench.ping',
                title: 'Bench',
                body: 'A notification of the streams bench',
                data: { bench },
              },
            ]),
          );
        }
        times.commit = performance.now();
      });
    }
  }
  // Interleave the two kinds, so both flow at once.
  jobs.sort(() => Math.random() - 0.5);
  const began = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < jobs.length; i++) {
    const due = began + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const p = jobs[i]!().finally(() => inFlight.delete(p));
    inFlight.add(p);
    // A writer pool of the bench's own: never more writes in flight than its connections.
    if (inFlight.size >= 16) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return (performance.now() - began) / 1000;
}

interface PhaseResult {
  fromStart: number[];
  fromCommit: number[];
  expected: number;
  delivered: number;
  missing: number;
  repeated: number;
  ended: number;
  seconds: number;
  rssOpen: number;
  rssPeak: number;
  /** The API process's CPU seconds while the streams opened, and while the events flowed (to the last arrival). */
  openCpu: number;
  flowCpu: number;
  openSeconds: number;
}

async function phase(db: Db, api: SvcHrProcess, who: Streamer[], perSecond: number): Promise<PhaseResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const list = [
    ...who.map((w) => new Stream('run', w, eventsPerStream)),
    ...who.map((w) => new Stream('notification', w, eventsPerStream)),
  ];
  try {
    const opening = performance.now();
    const cpuBeforeOpen = cpuSeconds(api.child.pid!);
    await openAll(list, api.baseUrl, agent);
    const openSeconds = (performance.now() - opening) / 1000;
    const openCpu = cpuSeconds(api.child.pid!) - cpuBeforeOpen;
    await sleep(1000);
    const rssOpen = rssMb(api.child.pid!);
    let rssPeak = rssOpen;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(api.child.pid!))), 250);
    const cpuBeforeFlow = cpuSeconds(api.child.pid!);
    const seconds = await drive(db, list, eventsPerStream, perSecond);
    const expected = list.length * eventsPerStream;
    const count = () => list.reduce((n, s) => n + s.got.reduce((a, b) => a + Math.min(b, 1), 0), 0);
    await waitFor('every event to arrive', async () => count() === expected, {
      timeoutMs: 20_000,
      intervalMs: 100,
    }).catch(() => undefined);
    // A little longer, to see a repeated event if one comes.
    await sleep(500);
    clearInterval(sampler);
    const flowCpu = cpuSeconds(api.child.pid!) - cpuBeforeFlow;
    let delivered = 0;
    let missing = 0;
    let repeated = 0;
    for (const s of list)
      for (const g of s.got) {
        delivered += g;
        if (g === 0) missing++;
        if (g > 1) repeated += g - 1;
      }
    return {
      fromStart: list.flatMap((s) => s.fromStart),
      fromCommit: list.flatMap((s) => s.fromCommit),
      expected,
      delivered,
      missing,
      repeated,
      ended: list.filter((s) => s.ended).length,
      seconds,
      rssOpen,
      rssPeak,
      openCpu,
      flowCpu,
      openSeconds,
    };
  } finally {
    for (const s of list) s.close();
    agent.destroy();
  }
}

async function main(): Promise<void> {
  const binary = await testTemporalCli();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-bench-streams-'));
  const db = await benchDatabase('streams', 20);
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
    const base = await benchStreamers(db, baselineStreams, 'base');
    const many = await benchStreamers(db, streams, 'many');
    const taskQueue = `bench-streams-${randomUUID().slice(0, 8)}`;
    const env = {
      DATABASE_URL: db.url,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000000',
      SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
      LOG_LEVEL: 'warn',
    };
    const worker = await spawnSvcHr('worker', env);
    procs.push(worker);
    await waitFor(
      'the svc-hr worker to poll',
      async () => (await db.prisma.workerHeartbeat.count({ where: { taskQueue } })) > 0,
      { timeoutMs: 120_000, intervalMs: 200 },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${worker.output()}`, { cause: error });
    });
    // SVC_HR_BENCH_STREAMS_API_NODE_OPTIONS: V8 flags for the API process only (e.g. its heap sizes, to see RSS move).
    const apiOptions = process.env.SVC_HR_BENCH_STREAMS_API_NODE_OPTIONS;
    const api = await spawnSvcHr('api', apiOptions ? { ...env, NODE_OPTIONS: apiOptions } : env);
    procs.push(api);
    await waitUntilReady(api);
    await sleep(2000);
    const rssIdle = rssMb(api.child.pid!);

    // The baseline writes at the same rate per stream as the full run does, so only the number of streams differs.
    const small = await phase(db, api, base, Math.max(1, (rate * baselineStreams) / streams));
    const big = await phase(db, api, many, rate);
    if (api.child.exitCode !== null || api.child.signalCode !== null) {
      throw new Error(`the API process exited (${api.child.exitCode ?? api.child.signalCode})\n${api.output()}`);
    }

    const p = (values: number[], q: number) => (values.length ? percentile(values, q) : NaN);
    const rows = (label: string, key: 'fromStart' | 'fromCommit'): Array<[string, number, number]> => [
      [`${label} p50`, p(big[key], 50), p(big[key], 50) / p(small[key], 50)],
      [`${label} p99`, p(big[key], 99), p(big[key], 99) / p(small[key], 99)],
    ];
    printTable(
      `streams: ms from the event's write to its arrival, ${streams} run + ${streams} notification streams on one API process ` +
        `(${eventsPerStream} events each, ${rate}/s); ratio to ${baselineStreams} + ${baselineStreams} streams at the same rate per stream`,
      [
        ...rows('delivery, from write start', 'fromStart'),
        ...rows('delivery, from commit', 'fromCommit'),
        [`baseline (${baselineStreams}+${baselineStreams}) delivery p99, from write start`, p(small.fromStart, 99), 1],
      ],
    );
    for (const [label, r] of [
      ['baseline', small],
      ['full', big],
    ] as const) {
      console.log(
        `  ${label}: events delivered ${r.delivered} of ${r.expected} expected (missing ${r.missing}, repeated ${r.repeated}), ` +
          `streams ended early ${r.ended}; opened in ${r.openSeconds.toFixed(1)} s, ` +
          `written in ${r.seconds.toFixed(1)} s; API CPU ${r.openCpu.toFixed(1)} s to open, ` +
          `${((r.flowCpu / r.delivered) * 1000).toFixed(2)} ms per delivered event`,
      );
    }
    console.log(
      `  API RSS: idle ${rssIdle.toFixed(0)} MB; ${baselineStreams}+${baselineStreams} open ${small.rssOpen.toFixed(0)} MB; ` +
        `${streams}+${streams} open ${big.rssOpen.toFixed(0)} MB, peak while flowing ${big.rssPeak.toFixed(0)} MB`,
    );
    console.log(
      `  load: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
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
