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
