import { NativeConnection } from '@temporalio/worker';
import { createActivities } from '../../activities';
import { createAgentActivityDeps } from '../../activities/agent/toolDeps';
import { resolveModel } from '../../model/resolveModel';
import type { Config } from '../../config/env';
import type { PrismaClient } from '../../db/prismaClient';
import { connectTemporal } from '../../temporal/connection';
import { createLeaveApprovalPort } from '../../temporal/ports/leaveApprovalPort';
import { createApprovalFlowPort } from '../../temporal/ports/approvalFlowPort';
import { createCompensationChangePort } from '../../temporal/ports/compensationChangePort';
import { createLifecycleProcessPort } from '../../temporal/ports/lifecycleProcessPort';
import { createCertificationExpiryPort } from '../../temporal/ports/certificationExpiryPort';
import { createSignatureRequestPort } from '../../temporal/ports/signatureRequestPort';
import { createPayrollRunPort, payrollTimings } from '../../temporal/ports/payrollRunPort';
import { createReviewCyclePort } from '../../temporal/ports/reviewCyclePort';
import {
  certificationExpirySource,
  signatureRequestSource,
  agentRunSource,
  reviewCycleSource,
  compensationChangeSource,
  lifecycleProcessSource,
  payrollRunSource,
  startProcessReconciler,
  timeEntryWatchSource,
} from '../../temporal/worker/processReconciler';
import { createAgentRunPort } from '../../temporal/ports/agentRunPort';
import { workflowExists } from '../../temporal/workflowExists';
import { ensureLeaveYearEndSchedule } from '../../temporal/schedules/leaveYearEndSchedule';
import { ensureLearningSweepSchedule } from '../../temporal/schedules/learningSweepSchedule';
import { startApprovalReconciler } from '../../temporal/worker/approvalReconciler';
import { createTimeEntryWatchPort } from '../../temporal/ports/timeEntryWatchPort';
import { startLeaveReconciler } from '../../temporal/worker/leaveReconciler';
import { createWebhookDeliveryPort } from '../../temporal/ports/webhookDeliveryPort';
import { startWebhookDispatcher } from '../../temporal/worker/webhookDispatcher';
import { secretBoxOf } from '../../engines/secrets/secretBox';
import { resealWebhookSecrets } from '../../engines/webhooks/resealSecrets';
import { sealPersonFieldsAtRest } from '../../engines/people/sealAtRest';
import { personSealOf } from '../../engines/people/sealedFields';
import { buildWorker, defaultWorkerIdentity } from '../../temporal/worker/worker';
import { startWorkerHeartbeat } from '../../temporal/worker/workerHeartbeat';
import type { LineLog } from './log';

export interface WorkerHandle {
  /** Settles when the worker stopped on its own (a fatal error) or after stop(). */
  finished: Promise<void>;
  stop(): Promise<void>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs a worker on the configured task queue with its heartbeat, and the leave reconciler (which starts the
 * approval workflows whose start failed when their request was made), until stop().
 */
export async function startWorker(
  config: Config,
  prisma: PrismaClient,
  temporalAddress: string,
  log: LineLog,
): Promise<WorkerHandle> {
  const taskQueue = config.temporal.taskQueue;
  const identity = defaultWorkerIdentity(taskQueue);
  const connection = await NativeConnection.connect({ address: temporalAddress });
  // The reconciler and the agent's tools start workflows, which takes a client connection (the worker's native one
  // cannot).
  const temporal = await connectTemporal({ address: temporalAddress, namespace: config.temporal.namespace });
  const leaveApproval = createLeaveApprovalPort(temporal.client, {
    taskQueue,
    remindAfterMs: config.leave.remindAfterMs,
    escalateAfterMs: config.leave.escalateAfterMs,
  });
  const resolved = resolveModel(config.model.spec, config.model.keys);
  if (resolved.fallbackReason) log(`model ${resolved.spec}: ${resolved.fallbackReason}; running the built-in model`);
  else log(`agent model: ${resolved.model.name}`);
  // `prisma`: each start reads its record for the workflow's summary in words (engines/workflowSummaries.ts).
  const approvalFlows = createApprovalFlowPort(temporal.client, { taskQueue, ...config.approvals, prisma });
  const timeEntryWatch = createTimeEntryWatchPort(temporal.client, { taskQueue, prisma });
  const compensationChanges = createCompensationChangePort(temporal.client, {
    taskQueue,
    ...config.approvals,
    prisma,
  });
  const lifecycleProcesses = createLifecycleProcessPort(temporal.client, { taskQueue, prisma });
  const payrollRuns = createPayrollRunPort(temporal.client, { taskQueue, ...payrollTimings(config), prisma });
  const reviewCycles = createReviewCyclePort(temporal.client, { taskQueue, prisma });
  const certificationExpiry = createCertificationExpiryPort(temporal.client, { taskQueue, prisma });
  const signatureRequests = createSignatureRequestPort(temporal.client, { taskQueue });
  const agent = createAgentActivityDeps({
    config,
    prisma,
    leaveApproval,
    approvalFlows,
    timeEntryWatch,
    compensationChanges,
    payrollRuns,
    lifecycleProcesses,
    reviewCycles,
    certificationExpiry,
    model: resolved.model,
    signatureRequests,
  });
  const box = secretBoxOf(config);
  // Webhook secrets sealed by earlier versions under their own key move to the one key (SVC_HR_SECRETS_KEY).
  const { resealed, unreadable } = await resealWebhookSecrets(prisma, box);
  if (resealed > 0) log(`webhook secrets: ${resealed} sealed again under SVC_HR_SECRETS_KEY`);
  if (unreadable > 0) log(`webhook secrets: ${unreadable} open under no configured key; their deliveries will fail`);
  // National ids and bank accounts written in clear by versions before sealing (engines/people/sealedFields.ts).
  const people = await sealPersonFieldsAtRest(prisma, personSealOf(box));
  if (people.sealed > 0) log(`people: ${people.sealed} national ids and bank accounts sealed under SVC_HR_SECRETS_KEY`);
  const worker = await buildWorker({
    connection,
    namespace: config.temporal.namespace,
    taskQueue,
    identity,
    activities: createActivities({
      prisma,
      identity,
      leave: { dayMs: config.leave.dayMs },
      approvals: { minuteMs: config.approvals.minuteMs },
      timeTracking: { minuteMs: config.timeTracking.minuteMs },
      clock: config.clock,
      agent,
      webhooks: {
        box,
        timeoutMs: config.webhooks.timeoutMs,
        allowPrivateNetwork: config.allowPrivateNetwork,
      },
    }),
  });
  const running = worker.run();
  const heartbeat = startWorkerHeartbeat({
    prisma,
    worker,
    identity,
    taskQueue,
    intervalSeconds: config.worker.heartbeatSeconds,
    onError: (error) => log(`heartbeat failed: ${message(error)}`),
  });
  const reconciler = startLeaveReconciler({
    prisma,
    port: leaveApproval,
    intervalSeconds: config.leave.reconcileSeconds,
    onPass: ({ started, failed }) => {
      if (started + failed > 0) log(`leave reconciler: started ${started} approval workflows, ${failed} failed`);
    },
    onFailure: ({ tenantId, requestId, error }) =>
      log(`leave reconciler: no workflow for request ${requestId} of tenant ${tenantId}: ${message(error)}`),
    onError: (error) => log(`leave reconciler failed: ${message(error)}`),
  });
  const webhookDispatcher = startWebhookDispatcher({
    prisma,
    port: createWebhookDeliveryPort(temporal.client, { taskQueue, ...config.webhooks }),
    intervalMs: config.webhooks.dispatchIntervalMs,
    listenUrl: config.database.url,
    onFailure: ({ tenantId, deliveryId, error }) =>
      log(`webhook dispatcher: no workflow for delivery ${deliveryId} of tenant ${tenantId}: ${message(error)}`),
    onError: (error) => log(`webhook dispatcher failed: ${message(error)}`),
  });
  const approvalReconciler = startApprovalReconciler({
    prisma,
    port: approvalFlows,
    intervalSeconds: config.leave.reconcileSeconds,
    onPass: ({ started, failed }) => {
      if (started + failed > 0) log(`approval reconciler: started ${started} approval workflows, ${failed} failed`);
    },
    onFailure: ({ tenantId, instanceId, error }) =>
      log(`approval reconciler: no workflow for approval ${instanceId} of tenant ${tenantId}: ${message(error)}`),
    onError: (error) => log(`approval reconciler failed: ${message(error)}`),
  });
  const processReconciler = startProcessReconciler({
    prisma,
    sources: [
      timeEntryWatchSource(timeEntryWatch),
      compensationChangeSource(compensationChanges),
      lifecycleProcessSource(lifecycleProcesses),
      payrollRunSource(payrollRuns),
      certificationExpirySource(certificationExpiry),
      reviewCycleSource(reviewCycles),
      signatureRequestSource(signatureRequests),
      agentRunSource(createAgentRunPort(temporal.client, { taskQueue, ...config.agent }), (workflowId) =>
        workflowExists(temporal.client, workflowId),
      ),
    ],
    intervalSeconds: config.leave.reconcileSeconds,
    onPass: ({ started, failed }) => {
      if (started + failed > 0) log(`process reconciler: started ${started} workflows, ${failed} failed`);
    },
    onFailure: ({ kind, tenantId, id, error }) =>
      log(`process reconciler: no workflow for ${kind} ${id} of tenant ${tenantId}: ${message(error)}`),
    onError: (error) => log(`process reconciler failed: ${message(error)}`),
  });
  // The leave year-end sweep, every hour (docs/leave.md, "Year-end carry-over"); a failure here is no reason to
  // stop the worker: the next worker start creates the schedule.
  await ensureLeaveYearEndSchedule(temporal.client, taskQueue).then(
    (id) => log(`schedule ${id}: leave year-end sweep every hour`),
    (error: unknown) => log(`schedule of the leave year-end sweep not created: ${message(error)}`),
  );
  // Learning: each workspace's daily pass (required trainings, overdue reminders), started within the hour.
  await ensureLearningSweepSchedule(temporal.client, taskQueue).then(
    (id) => log(`schedule ${id}: learning sweep every hour`),
    (error: unknown) => log(`schedule of the learning sweep not created: ${message(error)}`),
  );
  log(`polling task queue ${taskQueue} as ${identity}`);
  const finished = running.then(
    () => undefined,
    (error: unknown) => log(`worker failed: ${message(error)}`),
  );
  return {
    finished,
    stop: async () => {
      await reconciler.stop();
      await approvalReconciler.stop();
      await processReconciler.stop();
      await webhookDispatcher.stop();
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await finished;
      await agent.stop();
      await temporal.close();
      await heartbeat.stop();
      await connection.close();
    },
  };
}
