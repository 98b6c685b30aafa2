import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createActivities } from '../../../activities';
import { createAgentActivityDeps } from '../../../activities/agent/toolDeps';
import { buildApp } from '../../../api/app';
import { createListenFeed, createPollingFeed } from '../../../engines/agent/runEventFeed';
import { agentRunWorkflowId } from '../../../engines/agent/runs';
import type { RunView } from '../../../engines/agent/runView';
import type { AgentModel } from '../../../model/types';
import { createAgentRunPort } from '../../../temporal/ports/agentRunPort';
import { connectTemporal, type TemporalClientHandle } from '../../../temporal/connection';
import { createLeaveApprovalPort } from '../../../temporal/ports/leaveApprovalPort';
import { buildWorker } from '../../../temporal/worker/worker';
import { getWorkflowBundle } from '../../../temporal/worker/workflowBundle';
import { testConfig } from '../../support/config';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, seedDemoTenants, tokenFor, type DemoKey } from '../../support/identity';
import { testTemporalAddress, uniqueTaskQueue } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';

const HOUR = 3_600_000;

/**
 * What the agent run tests share: a fresh database with the demo tenants, the API built as `svc-hr api` builds it
 * (with real ports to Temporal), and a worker in this process running the real agentRun workflow, its activities
 * and the built-in model, on a task queue of the kit's own.
 */
export interface AgentKit {
  db: TestDatabase;
  app: FastifyInstance;
  temporal: TemporalClientHandle;
  /** The kit's own task queue, which its workers poll. */
  taskQueue: string;
  /** A personal access token of a demo person with every scope (made once per person). */
  token(who: DemoKey): Promise<string>;
  /** Calls the API as `who`. */
  call(
    who: DemoKey,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Polls get_agent_run until `until` holds (30 s unless `timeoutMs`); answers the run. */
  waitForRun(
    who: DemoKey,
    runId: string,
    what: string,
    until: (run: RunView) => boolean,
    timeoutMs?: number,
  ): Promise<RunView>;
  close(): Promise<void>;
}

/**
 * Starts the kit; `inProcessWorker: false` leaves the worker to the test (a real `svc-hr worker` process on the
 * kit's database and task queue); `model` runs another model than the built-in one in the kit's worker.
 */
export async function startAgentKit(
  opts: {
    inProcessWorker?: boolean;
    env?: Record<string, string>;
    model?: AgentModel;
    /** Another database than a PostgreSQL one (createEmbeddedTestDatabase); its streams then poll, as on `svc-hr start`. */
    database?: () => Promise<TestDatabase>;
  } = {},
): Promise<AgentKit> {
  const db = await (opts.database ?? createTestDatabase)();
  await seedDemoTenants(db.prisma);
  // The tests poll runs: one rate-limit budget per token would not last a minute.
  const config = testConfig({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000', ...opts.env });
  const address = testTemporalAddress();
  const temporal = await connectTemporal({ address, namespace: 'default' });
  const taskQueue = uniqueTaskQueue('agent');
  const leaveApproval = createLeaveApprovalPort(temporal.client, {
    taskQueue,
    remindAfterMs: HOUR,
    escalateAfterMs: HOUR,
  });
  const agent = createAgentActivityDeps({
    config,
    prisma: db.prisma,
    leaveApproval,
    ...(opts.model ? { model: opts.model } : {}),
  });
  let worker: Worker | undefined;
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
      }),
    });
  }
  const running = worker?.run();
  // Streams follow the test database's notices (the configuration's DATABASE_URL is not this file's database).
  const runEvents = opts.database ? createPollingFeed() : createListenFeed(db.url, { warn: () => undefined });
  const app = await buildApp({
    runEvents,
    config,
    prisma: db.prisma,
    readinessChecks: [],
    logger: false,
    leaveApproval,
    agentRuns: createAgentRunPort(temporal.client, { taskQueue, ...config.agent }),
  });
  const tokens = new Map<DemoKey, string>();
  const token = async (who: DemoKey) => {
    const known = tokens.get(who);
    if (known) return known;
    const made = await tokenFor(db.prisma, who);
    tokens.set(who, made);
    return made;
  };
  const call: AgentKit['call'] = async (who, method, url, payload, headers = {}) =>
    app.inject({ method, url, headers: { ...bearer(await token(who)), ...headers }, ...(payload ? { payload } : {}) });
  return {
    db,
    app,
    temporal,
    taskQueue,
    token,
    call,
    async waitForRun(who, runId, what, until, timeoutMs = 30_000) {
      let run: RunView | undefined;
      await waitFor(
        `run ${runId} ${what}`,
        async () => {
          run = (await call(who, 'GET', `/api/v1/agent/runs/${runId}`)).json<{ data: { run: RunView } }>().data.run;
          return until(run);
        },
        { timeoutMs, intervalMs: 100 },
      );
      return run as RunView;
    },
    close: async () => {
      await app.close();
      await runEvents.close();
      if (worker?.getState() === 'RUNNING') worker.shutdown();
      await running;
      await agent.stop();
      await temporal.close();
      await db.drop();
    },
  };
}

/** Creates a thread as `who` and sends it `message`; answers the thread and run ids. */
export async function startConversation(
  kit: AgentKit,
  who: DemoKey,
  message: string,
  headers: Record<string, string> = {},
): Promise<{ threadId: string; runId: string }> {
  const thread = await kit.call(who, 'POST', '/api/v1/agent/threads', { title: 'Leave' });
  expect(thread.statusCode).toBe(201);
  const threadId = thread.json<{ data: { thread: { id: string } } }>().data.thread.id;
  const sent = await kit.call(who, 'POST', `/api/v1/agent/threads/${threadId}/messages`, { message }, headers);
  expect(sent.statusCode).toBe(201);
  return { threadId, runId: sent.json<{ data: { runId: string } }>().data.runId };
}

/**
 * Replays a finished run's history against the workflow code; `SVC_HR_RECORD_HISTORIES=1` keeps it as a fixture
 * (`<fixture>-<yyyymmdd>.json`) of the unit replay test (test/unit/workflows/agentRunReplay.test.ts), which replays
 * it against later code.
 */
export async function replayRunHistory(kit: AgentKit, runId: string, fixture: string): Promise<void> {
  const { tenantId } = await kit.db.prisma.agentRun.findUniqueOrThrow({ where: { id: runId } });
  const history = await kit.temporal.client.workflow.getHandle(agentRunWorkflowId(tenantId, runId)).fetchHistory();
  await Worker.runReplayHistory({ workflowBundle: await getWorkflowBundle() }, history);
  if (process.env.SVC_HR_RECORD_HISTORIES === '1') {
    const date = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const file = path.join(__dirname, '../../fixtures/histories', `${fixture}-${date}.json`);
    await writeFile(file, `${historyToJSON(history)}\n`);
  }
}
