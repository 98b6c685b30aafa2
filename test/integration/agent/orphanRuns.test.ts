import { requestCancel } from '../../../engines/agent/cancelRun';
import { createRun } from '../../../engines/agent/runs';
import { createThread } from '../../../engines/agent/threads';
import { authenticate } from '../../../engines/tokens/authenticate';
import { createAgentRunPort } from '../../../temporal/ports/agentRunPort';
import { agentRunSource, reconcileProcesses } from '../../../temporal/worker/processReconciler';
import { workflowExists } from '../../../temporal/workflowExists';
import { testConfig } from '../../support/config';
import { startAgentKit, type AgentKit } from './agentKit';

/**
 * A run the API committed but whose workflow it never started (killed in between, as bench/chaos found): the
 * worker's process reconciler starts it, and a run cancelled meanwhile (left `cancelling`, nobody to carry the
 * cancel) ends `cancelled`.
 */
let kit: AgentKit;
beforeAll(async () => {
  kit = await startAgentKit();
});
afterAll(() => kit?.close());

/** A run of Alice's, committed as the API commits it, with no workflow. */
async function orphanRun(text: string) {
  const actor = await authenticate(kit.db.prisma, await kit.token('alice'));
  const thread = await createThread(kit.db.prisma, actor, 'orphan');
  return { actor, run: await createRun(kit.db.prisma, actor, thread.id, text) };
}

const pass = () =>
  reconcileProcesses({
    prisma: kit.db.prisma,
    sources: [
      agentRunSource(
        createAgentRunPort(kit.temporal.client, { taskQueue: kit.taskQueue, ...testConfig().agent }),
        (workflowId) => workflowExists(kit.temporal.client, workflowId),
      ),
    ],
    graceMs: 0,
  });

it('starts the workflow of a queued run that has none; the run goes on to its reply', async () => {
  const { run } = await orphanRun('What is my leave balance?');
  await new Promise((r) => setTimeout(r, 500));
  expect((await kit.db.prisma.agentRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('queued');
  expect(await pass()).toEqual({ started: 1, failed: 0 });
  const done = await kit.waitForRun('alice', run.id, 'the run to end', (r) => r.status === 'completed');
  expect(done.status).toBe('completed');
  // Over: the next pass has nothing to start.
  expect(await pass()).toEqual({ started: 0, failed: 0 });
});

it('ends cancelled a run cancelled while it had no workflow (it stayed cancelling before)', async () => {
  const { actor, run } = await orphanRun('What is my leave balance?');
  await requestCancel(kit.db.prisma, actor, run.id, 'changed my mind');
  expect((await kit.db.prisma.agentRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('cancelling');
  expect(await pass()).toEqual({ started: 1, failed: 0 });
  const done = await kit.waitForRun('alice', run.id, 'the run to end', (r) => r.status === 'cancelled');
  expect(done.status).toBe('cancelled');
  // No step was planned for it: it never had a workflow.
  const events = await kit.db.prisma.agentRunEvent.findMany({ where: { runId: run.id }, orderBy: { seq: 'asc' } });
  expect(events.map((e) => e.event)).not.toContain('run.step.started');
});
