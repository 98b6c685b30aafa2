import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '../../engines/leave/dates';
import { testClock } from '../support/clock';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { tokenFor, type DemoKey } from '../support/identity';
import { spawnSvcHr, waitUntilReady, type SvcHrProcess } from '../support/svcHrProcess';
import { testTemporalAddress, uniqueTaskQueue } from '../support/temporalServer';
import { waitFor } from '../support/waitFor';

/**
 * From candidate to leaver, through the HTTP API of a real `svc-hr start` process only (issue 20): a candidate
 * applies, moves through the stages, gets an offer approved from HR's inbox and accepts it (the accept sent twice
 * with one Idempotency-Key and once with another: one employee, one onboarding); the onboarding reminds its
 * assignees on the test time scale and completes when every task is done; then HR records a termination whose last
 * day is two test-days away, and at the end of that day the person's user is deactivated: every token of theirs
 * answers 401 and the agent run they left waiting for an approval is cancelled.
 */
const DAY_MS = 3_000;
let db: TestDatabase;
let proc: SvcHrProcess;
const tokens = new Map<string, string>();

beforeAll(async () => {
  db = await createTestDatabase();
  proc = await spawnSvcHr('start', {
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: testTemporalAddress(),
    TEMPORAL_TASK_QUEUE: uniqueTaskQueue('hire-to-leave'),
    SVC_HR_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-hire-to-leave-')),
    SVC_HR_RATE_LIMIT_PER_MINUTE: '100000',
    SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
    SVC_HR_LEAVE_DAY_MS: String(DAY_MS),
  });
  await waitUntilReady(proc);
  for (const who of ['hr', 'admin', 'manager'] as DemoKey[]) tokens.set(who, await tokenFor(db.prisma, who));
});
afterAll(async () => {
  proc?.killGroup('SIGKILL');
  await proc?.exited;
  await db?.drop();
});

/** Calls the running service as `who` (a demo person, or a token name set below). */
async function call(who: string, method: string, url: string, body?: object, headers: Record<string, string> = {}) {
  const res = await fetch(`${proc.baseUrl}${url}`, {
    method,
    headers: {
      ...(tokens.has(who) ? { authorization: `Bearer ${tokens.get(who)}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, text };
}
async function ok(who: string, method: string, url: string, body?: object, headers?: Record<string, string>) {
  const res = await call(who, method, url, body, headers);
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${res.text}`);
  return res.json?.data;
}
const notificationsOf = async (who: string, kind: string) =>
  (
    (await ok(who, 'GET', '/api/notifications?limit=200')).notifications as {
      kind: string;
      data: { taskId?: string };
    }[]
  ).filter((n) => n.kind === kind);

describe('a hire and a leave, through the HTTP API', () => {
  it('hires a candidate once, onboards them, and on their last day shuts them out and cancels their run', async () => {
    const today = todayIn('Europe/Berlin', testClock().now());
    const people = (await ok('hr', 'GET', '/api/people?limit=200')).people as { id: string; email: string }[];
    const manager = people.find((p) => p.email === 'manager@acme.test')!.id;

    // HR opens a position managed by the engineering manager; a candidate applies.
    const { opening } = await ok('hr', 'POST', '/api/ats/openings', {
      title: 'Backend Engineer',
      hiringManagerId: manager,
      status: 'OPEN',
    });
    const { application } = await ok('hr', 'POST', `/api/ats/openings/${opening.id}/applications`, {
      candidate: { name: 'Jane Doe', email: 'jane.doe@example.org' },
    });
    expect(application.stage).toBe('applied');

    // Screening, an interview with the manager's feedback, then the offer stage.
    await ok('hr', 'POST', `/api/ats/applications/${application.id}/stage`, { stage: 'screening' });
    await ok('hr', 'POST', `/api/ats/applications/${application.id}/stage`, { stage: 'interview' });
    const { interview } = await ok('hr', 'POST', `/api/ats/applications/${application.id}/interviews`, {
      kind: 'technical',
      scheduledAt: new Date(testClock().now().getTime() + 3_600_000).toISOString(),
      durationMinutes: 60,
      interviewerIds: [manager],
    });
    await ok('manager', 'POST', `/api/ats/interviews/${interview.id}/feedback`, { recommendation: 'strong_yes' });
    await ok('hr', 'POST', `/api/ats/applications/${application.id}/stage`, { stage: 'offer' });
    const moved = await ok('hr', 'GET', `/api/ats/applications/${application.id}`);
    expect(moved.application.history.map((h: { toStage: string }) => h.toStage)).toEqual([
      'applied',
      'screening',
      'interview',
      'offer',
    ]);

    // The offer starts in two days; HR approves it from the Approval Flows inbox.
    const startDate = addDays(today, 2);
    const { offer } = await ok('hr', 'POST', `/api/ats/applications/${application.id}/offers`, {
      jobTitle: 'Backend Engineer',
      managerId: manager,
      startDate,
      annualMinor: 6_000_000,
      currency: 'EUR',
    });
    expect(offer.status).toBe('PENDING');
    let approvalId: string | undefined;
    await waitFor('the offer in HR’s inbox', async () => {
      const inbox = await ok('hr', 'GET', '/api/approval-flows/approvals?assignee=me&status=PENDING&requestType=offer');
      approvalId = inbox.approvals.find((a: { subjectId: string }) => a.subjectId === offer.id)?.id;
      return approvalId !== undefined;
    });
    await ok('hr', 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    await waitFor(
      'the offer approved',
      async () => (await ok('hr', 'GET', `/api/ats/offers/${offer.id}`)).offer.status === 'APPROVED',
    );

    // Jane accepts: sent twice with one key (the same answer) and once with another (409): one employee.
    const accept = (key: string) =>
      call('hr', 'POST', `/api/ats/offers/${offer.id}/accept`, undefined, { 'idempotency-key': key });
    const first = await accept('accept-1');
    const replay = await accept('accept-1');
    const again = await accept('accept-2');
    expect(first.status).toBe(200);
    expect(replay.json).toEqual(first.json);
    expect(again.status).toBe(409);
    expect(again.json.reason).toContain('ACCEPTED');
    const jane = first.json.data.employeeId as string;
    const janes = (await ok('hr', 'GET', '/api/people?limit=200')).people.filter(
      (p: { email: string }) => p.email === 'jane.doe@example.org',
    );
    expect(janes.map((p: { id: string }) => p.id)).toEqual([jane]);
    const onboardings = (await ok('hr', 'GET', '/api/onboarding/processes?limit=200')).processes.filter(
      (p: { employeeId: string }) => p.employeeId === jane,
    );
    expect(onboardings).toHaveLength(1);
    expect(onboardings[0].id).toBe(first.json.data.onboardingProcessId);
    expect((await ok('hr', 'GET', `/api/ats/applications/${application.id}`)).application.stage).toBe('hired');

    // The onboarding: the manager is reminded the day before his task is due (a test-day after the accept).
    const process = await ok('hr', 'GET', `/api/onboarding/processes/${onboardings[0].id}`);
    const tasks = process.tasks as { id: string; title: string; dueDate: string; assigneeEmployeeId: string | null }[];
    const managerTask = tasks.find((t) => t.assigneeEmployeeId === manager)!;
    expect(managerTask.dueDate).toBe(startDate);
    await waitFor(
      'the manager reminded of his onboarding task',
      async () =>
        (await notificationsOf('manager', 'onboarding.task_due_soon')).some((n) => n.data.taskId === managerTask.id),
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    // Every task done (the manager his, HR the rest): the process completes and the manager is told.
    await ok('manager', 'POST', `/api/onboarding/tasks/${managerTask.id}/complete`, {});
    for (const task of tasks.filter((t) => t.id !== managerTask.id)) {
      await ok('hr', 'POST', `/api/onboarding/tasks/${task.id}/complete`, {});
    }
    const completed = await ok('hr', 'GET', `/api/onboarding/processes/${process.process.id}`);
    expect(completed.process.status).toBe('COMPLETED');
    await waitFor(
      'the manager told the onboarding is complete',
      async () => (await notificationsOf('manager', 'onboarding.process_completed')).length === 1,
    );
    const dueSoon = (await notificationsOf('manager', 'onboarding.task_due_soon')).filter(
      (n) => n.data.taskId === managerTask.id,
    );
    expect(dueSoon).toHaveLength(1);

    // Jane joins the workspace: her invitation's token and a second token she makes.
    const invited = await ok('admin', 'POST', '/api/users/invitations', {
      email: 'jane.doe@example.org',
      name: 'Jane Doe',
      employeeId: jane,
    });
    const joined = await call('nobody', 'POST', '/api/users/invitations/accept', { invitation: invited.secret });
    tokens.set('jane', joined.json.data.secret);
    const second = await ok('jane', 'POST', '/api/v1/tokens', { name: 'laptop', scopes: ['agent:run', 'agent:read'] });
    tokens.set('jane-laptop', second.secret);
    // She asks the agent to clock her in: the run waits for her approval.
    const { thread } = await ok('jane', 'POST', '/api/v1/agent/threads', { title: 'my day' });
    const sent = await ok('jane', 'POST', `/api/v1/agent/threads/${thread.id}/messages`, { message: 'Clock me in' });
    const runId = sent.runId as string;
    await waitFor(
      'Jane’s run to wait for her approval',
      async () => {
        const run = (await ok('jane', 'GET', `/api/v1/agent/runs/${runId}`)).run;
        return run.status === 'requires_action' && run.requiredAction?.kind === 'approval';
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );

    // HR records her termination: the last day is two test-days away.
    const lastDay = addDays(today, 2);
    const recordedAt = Date.now();
    const terminated = await ok('hr', 'POST', '/api/offboarding/terminations', {
      employeeId: jane,
      lastDay,
      reason: 'Moving abroad',
    });
    expect(terminated.person.terminationDate).toBe(lastDay);
    for (const who of ['jane', 'jane-laptop']) expect((await call(who, 'GET', '/api/v1/me')).status).toBe(200);

    // The day after her last day begins three test-days after the workflow's start: then, and not before, she is
    // shut out.
    await waitFor('Jane’s token refused', async () => (await call('jane', 'GET', '/api/v1/me')).status === 401, {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    expect(Date.now() - recordedAt).toBeGreaterThanOrEqual(2.5 * DAY_MS);
    for (const who of ['jane', 'jane-laptop']) {
      const refused = await call(who, 'GET', '/api/v1/me');
      expect(refused.status).toBe(401);
    }
    const offboarding = await ok('hr', 'GET', `/api/offboarding/processes/${terminated.process.id}`);
    expect(offboarding.process.deactivatedAt).toEqual(expect.any(String));
    const user = (await ok('admin', 'GET', '/api/users?limit=200')).users.find(
      (u: { email: string }) => u.email === 'jane.doe@example.org',
    );
    expect(user.status).toBe('deactivated');
    // Her run ends cancelled (read from the database: nobody else may read her runs, and she no longer can).
    await waitFor(
      'Jane’s run cancelled',
      async () => (await db.prisma.agentRun.findUniqueOrThrow({ where: { id: runId } })).status === 'cancelled',
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  });
});
