import { randomBytes } from 'node:crypto';
import type { Worker } from '@temporalio/worker';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createActivities } from '../../../activities';
import { createAgentActivityDeps } from '../../../activities/agent/toolDeps';
import { buildApp } from '../../../api/app';
import type { Config } from '../../../config/env';
import { secretBoxOf } from '../../../engines/secrets/secretBox';
import { createAgentRunPort } from '../../../temporal/ports/agentRunPort';
import { connectTemporal, type TemporalClientHandle } from '../../../temporal/connection';
import { createLeaveApprovalPort } from '../../../temporal/ports/leaveApprovalPort';
import { createWebhookDeliveryPort } from '../../../temporal/ports/webhookDeliveryPort';
import { startWebhookDispatcher, type WebhookDispatcher } from '../../../temporal/worker/webhookDispatcher';
import { buildWorker } from '../../../temporal/worker/worker';
import { testConfig } from '../../support/config';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, seedDemoTenants, tokenFor, type DemoKey } from '../../support/identity';
import { testTemporalAddress, uniqueTaskQueue } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';

const HOUR = 3_600_000;

/**
 * What the webhook tests share: a fresh database with the demo tenants, the API as `svc-hr api` builds it (with
 * real ports to Temporal), and, unless the test runs its own `svc-hr worker` process, a worker and the webhook
 * dispatcher in this process running the real webhookDelivery (and agentRun) workflows on the kit's task queue.
 * Private networks are allowed: the receivers listen on 127.0.0.1.
 */
export interface WebhookKit {
  db: TestDatabase;
  app: FastifyInstance;
  config: Config;
  temporal: TemporalClientHandle;
  taskQueue: string;
  /** The environment a `svc-hr worker` process needs to work on the kit's database, queue and secrets. */
  workerEnv: Record<string, string>;
  call(
    who: DemoKey,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Creates a webhook as `who`; answers its id and secret. */
  createWebhook(who: DemoKey, url: string, events: string[]): Promise<{ id: string; secret: string }>;
  /** Waits until a delivery of `webhookId` matching `until` exists; answers the deliveries as the API lists them. */
  waitForDeliveries(
    who: DemoKey,
    webhookId: string,
    what: string,
    until: (d: DeliveryJson[]) => boolean,
  ): Promise<DeliveryJson[]>;
  close(): Promise<void>;
}

export interface DeliveryJson {
  id: string;
  eventType: string;
  status: string;
  attemptCount: number;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  attempts: Array<{ number: number; outcome: string; statusCode?: number; latencyMs: number; error?: string }>;
}

export async function startWebhookKit(
  opts: { inProcessWorker?: boolean; schedule?: string; env?: Record<string, string> } = {},
): Promise<WebhookKit> {
  const db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  const env = {
    SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000',
    SVC_HR_ALLOW_PRIVATE_NETWORK: '1',
    SVC_HR_WEBHOOK_RETRY_SCHEDULE: opts.schedule ?? '0,200ms,400ms,800ms,1s',
    SVC_HR_WEBHOOK_TIMEOUT: '5s',
    SVC_HR_WEBHOOK_DISPATCH_INTERVAL: '1s',
    SVC_HR_SECRETS_KEY: randomBytes(32).toString('base64'),
    ...opts.env,
  };
  const config = testConfig(env);
  const address = testTemporalAddress();
  const temporal = await connectTemporal({ address, namespace: 'default' });
  const taskQueue = uniqueTaskQueue('webhooks');
  const leaveApproval = createLeaveApprovalPort(temporal.client, {
    taskQueue,
    remindAfterMs: HOUR,
    escalateAfterMs: HOUR,
  });
  const agent = createAgentActivityDeps({ config, prisma: db.prisma, leaveApproval });
  let worker: Worker | undefined;
  let dispatcher: WebhookDispatcher | undefined;
  if (opts.inProcessWorker !== false) {
    worker = await buildWorker({
      connection: { address },
      namespace: 'default',
      taskQueue,
      activities: createActivities({
        prisma: db.prisma,
        identity: `test-${taskQueue}`,
        leave: { dayMs: undefined },
        clock: config.clock,
        agent,
        webhooks: {
          box: secretBoxOf(config),
          timeoutMs: config.webhooks.timeoutMs,
          allowPrivateNetwork: true,
        },
      }),
    });
    dispatcher = startWebhookDispatcher({
      prisma: db.prisma,
      port: createWebhookDeliveryPort(temporal.client, { taskQueue, ...config.webhooks }),
      intervalMs: config.webhooks.dispatchIntervalMs,
      listenUrl: db.url,
      onError: () => undefined,
    });
  }
  const running = worker?.run();
  const app = await buildApp({
    config,
    prisma: db.prisma,
    readinessChecks: [],
    logger: false,
    leaveApproval,
    agentRuns: createAgentRunPort(temporal.client, { taskQueue, ...config.agent }),
  });
  const tokens = new Map<DemoKey, string>();
  const token = async (who: DemoKey) => {
    const known = tokens.get(who) ?? (await tokenFor(db.prisma, who));
    tokens.set(who, known);
    return known;
  };
  const call: WebhookKit['call'] = async (who, method, url, payload, headers = {}) =>
    app.inject({ method, url, headers: { ...bearer(await token(who)), ...headers }, ...(payload ? { payload } : {}) });
  return {
    db,
    app,
    config,
    temporal,
    taskQueue,
    workerEnv: {
      DATABASE_URL: db.url,
      TEMPORAL_ADDRESS: address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
      ...env,
    },
    call,
    async createWebhook(who, url, events) {
      const res = await call(who, 'POST', '/api/v1/agent/webhooks', { url, events });
      if (res.statusCode !== 201) throw new Error(`create_agent_webhook answered ${res.statusCode}: ${res.body}`);
      const { webhook } = res.json<{ data: { webhook: { id: string; secret: string } } }>().data;
      return { id: webhook.id, secret: webhook.secret };
    },
    async waitForDeliveries(who, webhookId, what, until) {
      let deliveries: DeliveryJson[] = [];
      await waitFor(
        `deliveries of webhook ${webhookId}: ${what}`,
        async () => {
          const res = await call(who, 'GET', `/api/v1/agent/webhooks/${webhookId}/deliveries?limit=100`);
          deliveries = res.json<{ data: { deliveries: DeliveryJson[] } }>().data.deliveries;
          return until(deliveries);
        },
        { timeoutMs: 60_000, intervalMs: 100 },
      );
      return deliveries;
    },
    close: async () => {
      await dispatcher?.stop();
      await app.close();
      if (worker?.getState() === 'RUNNING') worker.shutdown();
      await running;
      await agent.stop();
      await temporal.close();
      await db.drop();
    },
  };
}
