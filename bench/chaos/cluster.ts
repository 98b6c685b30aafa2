import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { PrismaClient } from '../../db/prismaClient';
import { findFreePort } from '../../temporal/devServer/freePort';
import { startDevServer, type DevServer } from '../../temporal/devServer/devServer';
import { spawnSvcHr, waitUntilLive, type SvcHrProcess } from '../../test/support/svcHrProcess';
import { testTemporalCli } from '../../test/support/temporalServer';
import { waitFor } from '../../test/support/waitFor';

/** The `svc-hr` processes of one role, each in a slot that keeps its port across restarts. */
export type Role = 'worker' | 'api';

interface Slot {
  role: Role;
  index: number;
  port: number;
  proc: SvcHrProcess | undefined;
  /** Set while the harness kills or restarts it on purpose: its exit is not an unplanned one. */
  planned: boolean;
}

/**
 * The real processes of a chaos run besides PostgreSQL (whose database the caller made): a Temporal dev server on
 * a db file (SIGKILLed and started again from that file on the same port), a Redis server of its own (the API's
 * rate limit), two `svc-hr worker` and two `svc-hr api` processes sharing one data dir (the audit signing key).
 * A process that exits without the harness killing it is counted and started again (an unplanned exit).
 */
export interface Cluster {
  /** Base URLs of the API processes that are up now. */
  liveApis(): string[];
  /** The base URL of API process `index`, up or not (its port stays across restarts). */
  apiBaseUrl(index: number): string;
  kill(role: Role, index: number): Promise<void>;
  restart(role: Role, index: number): Promise<void>;
  killTemporal(): Promise<void>;
  restartTemporal(): Promise<void>;
  unplannedExits: string[];
  outputs(): string;
  stop(): Promise<void>;
}

export async function startCluster(opts: {
  databaseUrl: string;
  prisma: PrismaClient;
  dir: string;
  log: (line: string) => void;
  workers?: number;
  apis?: number;
}): Promise<Cluster> {
  const binary = await testTemporalCli();
  const temporalPort = await findFreePort();
  const startTemporal = () =>
    startDevServer({
      binary,
      dbFile: path.join(opts.dir, 'temporal.db'),
      port: temporalPort,
      uiPort: 0,
      headless: true,
      namespace: 'default',
      log: () => undefined,
      output: () => undefined,
    });
  let temporal: DevServer | undefined = await startTemporal();
  const redisPort = await findFreePort();
  const redis = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await waitFor('redis to listen', () => redisAnswers(redisPort), { timeoutMs: 10_000, intervalMs: 50 });

  const taskQueue = 'chaos';
  const env: Record<string, string> = {
    DATABASE_URL: opts.databaseUrl,
    TEMPORAL_ADDRESS: `127.0.0.1:${temporalPort}`,
    TEMPORAL_TASK_QUEUE: taskQueue,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    SVC_HR_DATA_DIR: opts.dir,
    SVC_HR_SECRETS_KEY: randomBytes(32).toString('base64'),
    SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
    SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000',
    SVC_HR_ALLOW_PRIVATE_NETWORK: '1',
    SVC_HR_WEBHOOK_RETRY_SCHEDULE: '0,500ms,1s,2s,3s,5s,8s,10s,15s,20s',
    SVC_HR_WEBHOOK_TIMEOUT: '5s',
    SVC_HR_WEBHOOK_DISPATCH_INTERVAL: '1s',
    // The leave approval's reminder and escalation timers fire during the run.
    SVC_HR_LEAVE_REMIND_AFTER: '2s',
    SVC_HR_LEAVE_ESCALATE_AFTER: '4s',
    // So do those of Approval Flows (an expense claim's steps): a step left waiting is escalated to HR.
    SVC_HR_APPROVAL_REMIND_AFTER: '2s',
    SVC_HR_APPROVAL_ESCALATE_AFTER: '4s',
    // A decision whose signal was lost (Temporal down when the API sent it) is found by the waiting run's recheck.
    SVC_HR_AGENT_RECHECK_AFTER: '3s',
    // A run or approval committed by an API killed before it started its workflow is started by the workers'
    // reconcilers (30 s after its commit), every 5 s here instead of every minute.
    SVC_HR_LEAVE_RECONCILE_SECONDS: '5',
  };
  const slots: Slot[] = [];
  for (const [role, count] of [
    ['worker', opts.workers ?? 2],
    ['api', opts.apis ?? 2],
  ] as const) {
    for (let index = 0; index < count; index++) {
      slots.push({ role, index, port: await findFreePort(), proc: undefined, planned: false });
    }
  }
  const unplannedExits: string[] = [];
  const finished: SvcHrProcess[] = [];
  let stopping = false;
  const slotOf = (role: Role, index: number) => slots.find((s) => s.role === role && s.index === index)!;

  const start = async (slot: Slot): Promise<void> => {
    const proc = await spawnSvcHr(slot.role, env, {
      port: slot.port,
      temporalPort,
      uiPort: await findFreePort(),
      dbPort: await findFreePort(),
    });
    slot.proc = proc;
    void proc.exited.then((code) => {
      finished.push(proc);
      if (stopping || slot.planned || slot.proc !== proc) return;
      unplannedExits.push(`${slot.role} ${slot.index} exited with ${code}: ${lastLines(proc.output(), 15)}`);
      opts.log(`${slot.role} ${slot.index} exited on its own (${code}); starting it again`);
      slot.proc = undefined;
      void start(slot).catch((error: Error) => opts.log(`could not restart ${slot.role}: ${error.message}`));
    });
    if (slot.role === 'worker') {
      const identity = `${proc.child.pid}@${os.hostname()}/${taskQueue}`;
      await waitFor(
        `worker ${identity} to poll`,
        async () => (await opts.prisma.workerHeartbeat.findUnique({ where: { id: identity } })) !== null,
        { timeoutMs: 120_000, intervalMs: 200 },
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n--- worker output ---\n${proc.output()}`, { cause: error });
      });
    } else {
      await waitUntilLive(proc, 120_000);
    }
  };

  const kill = async (slot: Slot) => {
    const proc = slot.proc;
    if (!proc) return;
    slot.planned = true;
    proc.killGroup('SIGKILL');
    await proc.exited;
    slot.proc = undefined;
  };

  // One worker first: it writes the audit key every other process then reads; the others together.
  await start(slots[0]!);
  await Promise.all(slots.slice(1).map(start));

  return {
    liveApis: () => slots.filter((s) => s.role === 'api' && s.proc).map((s) => s.proc!.baseUrl),
    apiBaseUrl: (index) => `http://127.0.0.1:${slotOf('api', index).port}`,
    kill: (role, index) => kill(slotOf(role, index)),
    restart: async (role, index) => {
      const slot = slotOf(role, index);
      await start(slot);
      slot.planned = false;
    },
    killTemporal: async () => {
      if (!temporal) return;
      process.kill(temporal.pid, 'SIGKILL');
      await temporal.stop(); // resolves once the killed server has exited
      temporal = undefined;
    },
    restartTemporal: async () => {
      temporal = await startTemporal();
    },
    unplannedExits,
    outputs: () =>
      [...finished, ...slots.flatMap((s) => (s.proc ? [s.proc] : []))]
        .map((p) => `--- ${p.child.pid} ---\n${lastLines(p.output(), 40)}`)
        .join('\n'),
    stop: async () => {
      stopping = true;
      for (const slot of slots) await kill(slot);
      await temporal?.stop();
      redis.kill('SIGKILL');
      await exitOf(redis);
    },
  };
}

function lastLines(text: string, n: number): string {
  return text.trim().split('\n').slice(-n).join('\n');
}

async function redisAnswers(port: number): Promise<boolean> {
  const { createConnection } = await import('node:net');
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
