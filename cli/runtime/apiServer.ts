import type { Config } from '../../config/env';
import type { PrismaClient } from '../../db/prismaClient';
import { NativeConnection } from '@temporalio/worker';
import { buildApp } from '../../api/app';
import { exampleAppNotice } from '../../api/exampleApp/exposure';
import { createConnectorHub } from '../../api/connectorHub/hub';
import { appendAuditRecord } from '../../engines/audit/append';
import type { ReadinessCheck } from '../../operations/system/readiness';
import { checkNamespace, connectTemporal } from '../../temporal/connection';
import { createAgentRunPort } from '../../temporal/ports/agentRunPort';
import { connectorWorkerStarter } from '../../temporal/worker/connectorWorker';
import { createLeaveApprovalPort } from '../../temporal/ports/leaveApprovalPort';
import { createApprovalFlowPort } from '../../temporal/ports/approvalFlowPort';
import { createTimeEntryWatchPort } from '../../temporal/ports/timeEntryWatchPort';
import { createCompensationChangePort } from '../../temporal/ports/compensationChangePort';
import { createLifecycleProcessPort } from '../../temporal/ports/lifecycleProcessPort';
import { createCertificationExpiryPort } from '../../temporal/ports/certificationExpiryPort';
import { createSignatureRequestPort } from '../../temporal/ports/signatureRequestPort';
import { createPayrollRunPort, payrollTimings } from '../../temporal/ports/payrollRunPort';
import { createReviewCyclePort } from '../../temporal/ports/reviewCyclePort';
import { hasLiveWorker } from '../../temporal/worker/workerHeartbeat';
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
  // The connector hub runs an activity-only worker per connected connector, which needs a worker connection.
  const workerConnection = await NativeConnection.connect({ address: temporalAddress });
  const connectorHub = createConnectorHub({
    prisma,
    heartbeatSeconds: config.connectorHub.heartbeatSeconds,
    startQueueWorker: connectorWorkerStarter({
      connection: workerConnection,
      namespace: config.temporal.namespace,
      log,
    }),
    log,
    audit: (entry) => appendAuditRecord(prisma, entry),
  });
  const app = await buildApp({
    config,
    prisma,
    readinessChecks: readinessChecksFor(config, prisma, temporal),
    leaveApproval: createLeaveApprovalPort(temporal.client, {
      taskQueue: config.temporal.taskQueue,
      remindAfterMs: config.leave.remindAfterMs,
      escalateAfterMs: config.leave.escalateAfterMs,
    }),
    // `prisma`: each start reads its record for the workflow's summary in words (engines/workflowSummaries.ts).
    approvalFlows: createApprovalFlowPort(temporal.client, {
      taskQueue: config.temporal.taskQueue,
      ...config.approvals,
      prisma,
    }),
    timeEntryWatch: createTimeEntryWatchPort(temporal.client, { taskQueue: config.temporal.taskQueue, prisma }),
    compensationChanges: createCompensationChangePort(temporal.client, {
      taskQueue: config.temporal.taskQueue,
      ...config.approvals,
      prisma,
    }),
    payrollRuns: createPayrollRunPort(temporal.client, {
      taskQueue: config.temporal.taskQueue,
      ...payrollTimings(config),
      prisma,
    }),
    certificationExpiry: createCertificationExpiryPort(temporal.client, {
      taskQueue: config.temporal.taskQueue,
      prisma,
    }),
    reviewCycles: createReviewCyclePort(temporal.client, { taskQueue: config.temporal.taskQueue, prisma }),
    signatureRequests: createSignatureRequestPort(temporal.client, { taskQueue: config.temporal.taskQueue }),
    lifecycleProcesses: createLifecycleProcessPort(temporal.client, { taskQueue: config.temporal.taskQueue, prisma }),
    agentRuns: createAgentRunPort(temporal.client, { taskQueue: config.temporal.taskQueue, ...config.agent }),
    connectorHub,
  });
  const address = await app.listen({ port: config.port, host: config.host });
  log(`listening on ${address}`);
  const exampleNotice = exampleAppNotice(config);
  if (exampleNotice) log(exampleNotice);
  return {
    url: address,
    stop: async () => {
      // Connectors first: their sockets close (they reconnect to another replica) and their workers drain.
      await connectorHub.close();
      await app.close();
      await workerConnection.close();
      await temporal.close();
    },
  };
}
