import os from 'node:os';
import type { PrismaClient } from '../../../db/prismaClient';
import { spawnSvcHr, waitUntilReady, type SvcHrProcess } from '../../support/svcHrProcess';
import { waitFor } from '../../support/waitFor';

/** Where the processes of a test run: its database, its Temporal server and the task queue its workers poll. */
export interface ProcessTarget {
  databaseUrl: string;
  prisma: PrismaClient;
  temporalAddress: string;
  taskQueue: string;
}

/**
 * The real `svc-hr worker` and `svc-hr api` processes of a test (the built CLI: `npm run build` first), so that a
 * test can kill them with SIGKILL as a crash would; `killAll()` ends whatever is still running.
 */
export function agentProcesses(target: () => ProcessTarget) {
  const started: SvcHrProcess[] = [];

  const env = (): Record<string, string> => {
    const t = target();
    return {
      DATABASE_URL: t.databaseUrl,
      TEMPORAL_ADDRESS: t.temporalAddress,
      TEMPORAL_TASK_QUEUE: t.taskQueue,
      SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
      // The tests poll runs: one rate-limit budget per token would not last a minute.
      SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000',
    };
  };

  return {
    /** Starts `svc-hr worker`; resolves once it polls (its heartbeat row). Answers it with its worker identity. */
    async startWorker(): Promise<SvcHrProcess & { identity: string }> {
      const proc = await spawnSvcHr('worker', env());
      started.push(proc);
      const identity = `${proc.child.pid}@${os.hostname()}/${target().taskQueue}`;
      await waitFor(
        `worker ${identity} to poll`,
        async () => (await target().prisma.workerHeartbeat.findUnique({ where: { id: identity } })) !== null,
        { timeoutMs: 60_000, intervalMs: 100 },
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n--- worker output ---\n${proc.output()}`, { cause: error });
      });
      return Object.assign(proc, { identity });
    },

    /** Starts `svc-hr api`; resolves once /readyz answers 200 (database, Temporal and a live worker). */
    async startApi(): Promise<SvcHrProcess> {
      const proc = await spawnSvcHr('api', env());
      started.push(proc);
      await waitUntilReady(proc, 60_000);
      return proc;
    },

    /** SIGKILL to the process group, resolving once it exited. */
    async kill(proc: SvcHrProcess): Promise<void> {
      proc.killGroup('SIGKILL');
      await proc.exited;
    },

    /** What every process of the test printed, for a failure message. */
    outputs(): string {
      return started.map((p, i) => `--- process ${i + 1} (pid ${p.child.pid}) ---\n${p.output()}`).join('\n');
    },

    async killAll(): Promise<void> {
      for (const proc of started) {
        proc.killGroup('SIGKILL');
        await proc.exited;
      }
    },
  };
}
