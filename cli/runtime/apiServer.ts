import type { Config } from '../../config/env';
import type { PrismaClient } from '../../db/prismaClient';
import { buildApp } from '../../api/app';
import type { ReadinessCheck } from '../../api/readiness';
import { checkNamespace, connectTemporal } from '../../temporal/connection';
import { createAgentRunPort } from '../../temporal/agentRunPort';
import { createLeaveApprovalPort } from '../../temporal/leaveApprovalPort';
import { hasLiveWorker } from '../../temporal/workerHeartbeat';
import type { LineLog } from './log';

export interface ApiServerHandle {
  url: string;
  stop(): Promise<void>;
}

/** The readiness checks of an API process: the database, the Temporal namespace, a live worker. */
export function readinessChecksFor(
  config: Config,
  prisma: PrismaClient,
  temporal: Awaited<ReturnType<typeof connectTemporal>>,
): ReadinessCheck[] {
  return [
    {
      name: 'database',
      check: async () => {
        await prisma.$queryRaw`SELECT 1`;
        return { ok: true };
      },
    },
    { name: 'temporal', check: () => checkNamespace(temporal.client, config.temporal.namespace) },
    {
      name: 'worker',
      check: async () =>
        (await hasLiveWorker(prisma, config.temporal.taskQueue, config.worker.staleSeconds))
          ? { ok: true }
          : { ok: false, detail: `no worker polls task queue ${config.temporal.taskQueue}` },
    },
  ];
}

/** Builds the API on the given database and Temporal server and listens on the configured port. */
export async function startApiServer(
  config: Config,
  prisma: PrismaClient,
  temporalAddress: string,
  log: LineLog,
): Promise<ApiServerHandle> {
  const temporal = await connectTemporal({ address: temporalAddress, namespace: config.temporal.namespace });
  const app = await buildApp({
    config,
    prisma,
    readinessChecks: readinessChecksFor(config, prisma, temporal),
    leaveApproval: createLeaveApprovalPort(temporal.client, {
      taskQueue: config.temporal.taskQueue,
      remindAfterMs: config.leave.remindAfterMs,
      escalateAfterMs: config.leave.escalateAfterMs,
    }),
    agentRuns: createAgentRunPort(temporal.client, { taskQueue: config.temporal.taskQueue, ...config.agent }),
  });
  const address = await app.listen({ port: config.port, host: config.host });
  log(`listening on ${address}`);
  return {
    url: address,
    stop: async () => {
      await app.close();
      await temporal.close();
    },
  };
}
