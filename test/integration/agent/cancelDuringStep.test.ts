import { createAgentActivities } from '../../../activities/agent';
import { createAgentActivityDeps } from '../../../activities/agent/toolDeps';
import type { Actor } from '../../../engines/access/actor';
import { requestCancel } from '../../../engines/agent/cancelRun';
import { createRun } from '../../../engines/agent/runs';
import { createThread } from '../../../engines/agent/threads';
import { authenticate } from '../../../engines/tokens/authenticate';
import { testConfig } from '../../support/config';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { seedDemoTenants, tokenFor } from '../../support/identity';

/**
 * A cancel the API accepted (200, `cancelling`) while a step was planning must win over that step's reply: found
 * by bench/chaos (seed 50), where the reply completed the run over the cancel. The real activity on the real
 * database, the cancel committed between the step's start and its answer, as the race has it.
 */
let db: TestDatabase;
let agent: ReturnType<typeof createAgentActivityDeps>;
let activities: ReturnType<typeof createAgentActivities>;
let alice: Actor;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  agent = createAgentActivityDeps({ config: testConfig(), prisma: db.prisma });
  activities = createAgentActivities({ prisma: db.prisma, ...agent });
  alice = await authenticate(db.prisma, await tokenFor(db.prisma, 'alice'));
});

afterAll(async () => {
  await agent?.stop();
  await db?.drop();
});

it('answers the step cancelled, keeps the reply, and the run ends cancelled, not completed', async () => {
  const thread = await createThread(db.prisma, alice, 'cancel during a step');
  const run = await createRun(db.prisma, alice, thread.id, 'Hello, what can you do?');
  // The model's call happens between the step's two transactions: the cancel lands there.
  const model = agent.model;
  const next = model.next.bind(model);
  model.next = async (...args) => {
    await requestCancel(db.prisma, alice, run.id, 'changed my mind');
    return next(...args);
  };
  try {
    const outcome = await activities.planAgentStep({ runId: run.id, step: 1 });
    expect(outcome).toEqual({ kind: 'cancelled', reason: 'changed my mind' });
  } finally {
    model.next = next;
  }
  expect((await db.prisma.agentRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('cancelling');
  // A retried activity reads the same answer back.
  expect(await activities.planAgentStep({ runId: run.id, step: 1 })).toEqual({
    kind: 'cancelled',
    reason: 'changed my mind',
  });
  expect(await db.prisma.agentMessage.count({ where: { runId: run.id, role: 'assistant' } })).toBe(1);
  // The workflow ends it (endAgentRun).
  await activities.endAgentRun({
    runId: run.id,
    status: 'cancelled',
    error: { code: 'cancelled', message: 'changed my mind' },
  });
  const ended = await db.prisma.agentRun.findUniqueOrThrow({ where: { id: run.id } });
  expect(ended.status).toBe('cancelled');
});

describe('a cancel the workflow did not hear of (its signal lost, Temporal down) is never overwritten', () => {
  const booking = { tool: 'create_leave_request', arguments: { start_date: '2027-03-02', end_date: '2027-03-02' } };
  const statusOf = async (runId: string) =>
    (await db.prisma.agentRun.findUniqueOrThrow({ where: { id: runId } })).status;
  const eventsOf = async (runId: string) =>
    (await db.prisma.agentRunEvent.findMany({ where: { runId }, orderBy: { seq: 'asc' } })).map((e) => e.event);

  for (const planned of [
    { type: 'tool_calls' as const, calls: [{ id: 'call_1_0', ...booking }] },
    { type: 'question' as const, text: 'Which day?' },
  ]) {
    it(`answers a step that planned ${planned.type} while the cancel landed cancelled, asking nothing`, async () => {
      const thread = await createThread(db.prisma, alice, `cancel during ${planned.type}`);
      const run = await createRun(db.prisma, alice, thread.id, 'Book leave');
      const model = agent.model;
      const next = model.next.bind(model);
      model.next = async () => {
        await requestCancel(db.prisma, alice, run.id, 'changed my mind');
        return planned;
      };
      try {
        expect(await activities.planAgentStep({ runId: run.id, step: 1 })).toEqual({
          kind: 'cancelled',
          reason: 'changed my mind',
        });
      } finally {
        model.next = next;
      }
      expect(await statusOf(run.id)).toBe('cancelling');
      expect(await eventsOf(run.id)).not.toContain('run.requires_action');
      // The next step of a workflow that missed the signal does not ask the model: it ends here.
      expect(await activities.planAgentStep({ runId: run.id, step: 2 })).toEqual({
        kind: 'cancelled',
        reason: 'changed my mind',
      });
    });
  }

  it('asks for no approval once the run is cancelling, and the next step ends the run', async () => {
    const thread = await createThread(db.prisma, alice, 'cancel before the approval');
    const run = await createRun(db.prisma, alice, thread.id, 'Book leave');
    // The step planned a write; the cancel committed after it, and its signal never reached the workflow.
    await requestCancel(db.prisma, alice, run.id, 'changed my mind');
    const actionIds = await activities.requestAgentActions({
      runId: run.id,
      calls: [{ id: 'call_1_0', kind: 'write', ...booking }],
    });
    // Nothing to wait for: no action, no requires_action; the workflow plans its next step at once.
    expect(actionIds).toEqual([]);
    expect(await db.prisma.agentAction.count({ where: { runId: run.id } })).toBe(0);
    expect(await statusOf(run.id)).toBe('cancelling');
    expect(await eventsOf(run.id)).not.toContain('run.requires_action');
    expect(await activities.planAgentStep({ runId: run.id, step: 2 })).toEqual({
      kind: 'cancelled',
      reason: 'changed my mind',
    });
    await activities.endAgentRun({
      runId: run.id,
      status: 'cancelled',
      error: { code: 'cancelled', message: 'changed my mind' },
    });
    expect(await statusOf(run.id)).toBe('cancelled');
  });
});
