import type { Worker } from '@temporalio/worker';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createActivities } from '../../activities';
import { createAgentActivityDeps } from '../../activities/agent/toolDeps';
import { buildApp } from '../../api/app';
import type { Config } from '../../config/env';
import type { AppDeps } from '../../operations/context';
import { connectTemporal, type TemporalClientHandle } from '../../temporal/connection';
import { createAgentRunPort } from '../../temporal/ports/agentRunPort';
import { createApprovalFlowPort } from '../../temporal/ports/approvalFlowPort';
import { createCompensationChangePort } from '../../temporal/ports/compensationChangePort';
import { createCertificationExpiryPort } from '../../temporal/ports/certificationExpiryPort';
import { createSignatureRequestPort } from '../../temporal/ports/signatureRequestPort';
import { createLeaveApprovalPort } from '../../temporal/ports/leaveApprovalPort';
import { createLifecycleProcessPort } from '../../temporal/ports/lifecycleProcessPort';
import { createPayrollRunPort } from '../../temporal/ports/payrollRunPort';
import { createReviewCyclePort } from '../../temporal/ports/reviewCyclePort';
import { buildWorker } from '../../temporal/worker/worker';
import { testConfig } from './config';
import { createTestDatabase, type TestDatabase } from './database';
import { bearer, seedDemoTenants, tokenFor, type DemoKey } from './identity';
import { testTemporalAddress, uniqueTaskQueue } from './temporalServer';

/**
 * The company API as `svc-hr api` builds it, with every port to Temporal, and (unless told not to) a worker in this
 * process running every workflow and activity on the kit's own task queue: what the company areas' processes need
 * (approvals, compensation changes, payroll runs, clock entries). Calendar timers run on the test time scale
 * `dayMs` when given, approval minutes on `minuteMs`.
 */
export interface CompanyKit {
  db: TestDatabase;
  app: FastifyInstance;
  config: Config;
  temporal: TemporalClientHandle;
  taskQueue: string;
  ports: Required<
    Pick<
      AppDeps,
      | 'leaveApproval'
      | 'approvalFlows'
      | 'compensationChanges'
      | 'payrollRuns'
      | 'certificationExpiry'
      | 'signatureRequests'
      | 'reviewCycles'
      | 'lifecycleProcesses'
    >
  >;
  call(
    who: DemoKey,
    method: string,
    url: string,
    payload?: object | string | Buffer,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const HOUR = 3_600_000;

export async function startCompanyKit(
  opts: {
    dayMs?: number;
    minuteMs?: number;
    inProcessWorker?: boolean;
    env?: Record<string, string>;
    /** Agent runs too: the worker runs them with the built-in model, and the API starts them. */
    agent?: boolean;
  } = {},
): Promise<CompanyKit> {
  const db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  const config = testConfig({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000', ...opts.env });
  const address = testTemporalAddress();
  const temporal = await connectTemporal({ address, namespace: 'default' });
  const taskQueue = uniqueTaskQueue('company');
  const delays = { taskQueue, remindAfterMs: HOUR, escalateAfterMs: HOUR };
  // As `svc-hr api` builds them: each start reads its record for the workflow's summary in words.
  const prisma = db.prisma;
  const ports = {
    leaveApproval: createLeaveApprovalPort(temporal.client, delays),
    approvalFlows: createApprovalFlowPort(temporal.client, { ...delays, prisma }),
    compensationChanges: createCompensationChangePort(temporal.client, { ...delays, prisma }),
    payrollRuns: createPayrollRunPort(temporal.client, {
      taskQueue,
      pageSize: config.payroll.pageSize,
      recheckMs: HOUR,
      prisma,
    }),
    certificationExpiry: createCertificationExpiryPort(temporal.client, { taskQueue, prisma }),
    signatureRequests: createSignatureRequestPort(temporal.client, { taskQueue }),
    reviewCycles: createReviewCyclePort(temporal.client, { taskQueue, prisma }),
    lifecycleProcesses: createLifecycleProcessPort(temporal.client, { taskQueue, prisma }),
  };
  const agent = opts.agent ? createAgentActivityDeps({ config, prisma: db.prisma, ...ports }) : undefined;
  let worker: Worker | undefined;
  if (opts.inProcessWorker !== false) {
    worker = await buildWorker({
      connection: { address },
      namespace: 'default',
      taskQueue,
      activities: createActivities({
        prisma: db.prisma,
        identity: `test-${taskQueue}`,
        leave: { dayMs: opts.dayMs },
        approvals: { minuteMs: opts.minuteMs ?? 60_000 },
        clock: config.clock,
        ...(agent ? { agent } : {}),
      }),
    });
  }
  const running = worker?.run();
  const app = await buildApp({
    config,
    prisma: db.prisma,
    readinessChecks: [],
    logger: false,
    ...ports,
    ...(agent ? { agentRuns: createAgentRunPort(temporal.client, { taskQueue, ...config.agent }) } : {}),
  });
  const tokens = new Map<DemoKey, string>();
  const token = async (who: DemoKey) => {
    const made = tokens.get(who) ?? (await tokenFor(db.prisma, who));
    tokens.set(who, made);
    return made;
  };
  return {
    db,
    app,
    config,
    temporal,
    taskQueue,
    ports,
    call: async (who, method, url, payload, headers = {}) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: { ...bearer(await token(who)), ...headers },
        ...(payload === undefined ? {} : { payload }),
      }),
    close: async () => {
      await app.close();
      if (worker?.getState() === 'RUNNING') worker.shutdown();
      await running;
      await agent?.stop();
      await temporal.close();
      await db.drop();
    },
  };
}
