import { createAgentActivities } from '../../../activities/agent';
import { executeTool } from '../../../activities/agent/tools';
import { createAgentActivityDeps } from '../../../activities/agent/toolDeps';
import type { Actor } from '../../../engines/access/actor';
import { createPendingActions, decideActions, markExecuting } from '../../../engines/agent/actions';
import { loadRunActor } from '../../../engines/agent/runActor';
import { createRun, lockRun, setRequiresAction, type RunRow } from '../../../engines/agent/runs';
import { createThread } from '../../../engines/agent/threads';
import { createRequest } from '../../../engines/leave/createRequest';
import { authenticate } from '../../../engines/tokens/authenticate';
import { testConfig } from '../../support/config';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { seedDemoTenants, tokenFor } from '../../support/identity';
import { freeWorkingDay } from '../../support/leave';

/**
 * An approved action whose worker died mid-call is found `executing` by the retried activity: it must not write
 * twice. These tests leave the action as a crash would and run the real activity on the real database.
 */
let db: TestDatabase;
let agent: ReturnType<typeof createAgentActivityDeps>;
let activities: ReturnType<typeof createAgentActivities>;
let alice: Actor;
const since = new Date();

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

/** A run of alice's with one approved create_leave_request action for `day`, marked executing as before a call. */
async function executingBooking(day: string): Promise<{ run: RunRow; actionId: string }> {
  const thread = await createThread(db.prisma, alice, 'recovery');
  const run = await createRun(db.prisma, alice, thread.id, `Book annual leave on ${day}`);
  const actionId = await db.prisma.$transaction(async (tx) => {
    const locked = await lockRun(tx, run.id);
    const [action] = await createPendingActions(tx, locked, [
      {
        toolCallId: 'call_1_0',
        tool: 'create_leave_request',
        system: 'svc-hr',
        description: 'Create a leave request',
        arguments: { start_date: day, end_date: day, reason: 'family trip' },
      },
    ]);
    await setRequiresAction(tx, locked, { kind: 'approval', actionIds: [action!.id] }, {});
    return action!.id;
  });
  await decideActions(db.prisma, alice, run.id, { decision: 'approve' });
  await db.prisma.$transaction(async (tx) => markExecuting(tx, await lockRun(tx, run.id), actionId));
  return { run, actionId };
}

/**
 * The create_leave_request audit records of a call, chained or still pending, read in one statement: the sequencer
 * moves a record from audit_pending to audit_records, and two reads could miss it between them (or see it twice).
 */
async function auditOf(requestId: string) {
  return db.prisma.$queryRaw<
    Array<{ surface: string; outcome: string; runId: string | null; userId: string | null; arguments: unknown }>
  >`
    SELECT surface, outcome, run_id AS "runId", user_id::text AS "userId", arguments FROM audit_records
     WHERE request_id = ${requestId} AND operation = 'create_leave_request'
    UNION ALL
    SELECT surface, outcome, run_id AS "runId", user_id::text AS "userId", arguments FROM audit_pending
     WHERE request_id = ${requestId} AND operation = 'create_leave_request'`;
}

const requestsOn = (day: string) =>
  db.prisma.leaveRequest.findMany({
    where: { employeeId: alice.employee?.id, startDate: new Date(`${day}T00:00:00Z`), createdAt: { gte: since } },
  });

describe('carrying out an action after a crash', () => {
  it('records the leave request the interrupted call made instead of creating a second one', async () => {
    const day = await freeWorkingDay(db.prisma, alice, 15);
    const { run, actionId } = await executingBooking(day);
    // The call went through, then the worker died before recording it.
    const made = await executeTool(agent.toolDeps, agent.log, await loadRunActor(db.prisma, run), {
      tool: 'create_leave_request',
      arguments: { start_date: day, end_date: day, reason: 'family trip' },
      requestId: `${run.id}:${actionId}`,
    });
    expect(made.ok).toBe(true);

    await activities.settleAgentAction({ runId: run.id, actionId });
    await activities.settleAgentAction({ runId: run.id, actionId });

    const requests = await requestsOn(day);
    expect(requests).toHaveLength(1);
    const action = await db.prisma.agentAction.findUniqueOrThrow({ where: { id: actionId } });
    expect(action.status).toBe('succeeded');
    expect(action.result).toMatchObject({ id: requests[0]!.id });
    expect(await db.prisma.agentMessage.count({ where: { runId: run.id, role: 'tool' } })).toBe(1);
    // The call appended its own audit record; the recovery added none.
    expect(await auditOf(`${run.id}:${actionId}`)).toHaveLength(1);
  });

  it('appends the audit record of a write made just before the worker died, once', async () => {
    const day = await freeWorkingDay(db.prisma, alice, 17);
    const { run, actionId } = await executingBooking(day);
    // The leave engine committed, then the worker died before the call's audit record was appended.
    await createRequest(
      db.prisma,
      alice,
      { start_date: day, end_date: day, reason: 'family trip' },
      {
        port: null,
        clock: testConfig().clock,
      },
    );
    const key = `${run.id}:${actionId}`;
    const records = async () => (await auditOf(key)).length;
    expect(await records()).toBe(0);

    await activities.settleAgentAction({ runId: run.id, actionId });
    expect(await requestsOn(day)).toHaveLength(1);
    expect(await records()).toBe(1);
    const [record] = await auditOf(key);
    expect(record).toMatchObject({ surface: 'agent', outcome: 'success', runId: run.id, userId: alice.user.id });
    expect(record!.arguments).toMatchObject({ body: { start_date: day, end_date: day } });
    // The first test's call was audited by the call itself: recovery adds none there (checked below too).
    await db.prisma.agentAction.update({ where: { id: actionId }, data: { status: 'executing' } });
    await activities.settleAgentAction({ runId: run.id, actionId });
    expect(await records()).toBe(1);
  });

  it('makes the call once when the interrupted call wrote nothing', async () => {
    const day = await freeWorkingDay(db.prisma, alice, 16);
    const { run, actionId } = await executingBooking(day);

    await activities.settleAgentAction({ runId: run.id, actionId });
    await activities.settleAgentAction({ runId: run.id, actionId });

    expect(await requestsOn(day)).toHaveLength(1);
    expect(await db.prisma.agentMessage.count({ where: { runId: run.id, role: 'tool' } })).toBe(1);
  });
});
