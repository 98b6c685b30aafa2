import { randomUUID } from 'node:crypto';
import { addDays, todayIn } from '../../../engines/leave/dates';
import { authenticate } from '../../../engines/tokens/authenticate';
import { lifecycleProcessWorkflowId } from '../../../workflows/lifecycleProcess/messages';
import { testClock } from '../../support/clock';
import { startCompanyKit, type CompanyKit } from '../../support/companyKit';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { freeWorkingDay } from '../../support/leave';
import { waitFor } from '../../support/waitFor';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * Offboarding (company-api.md) through the HTTP API, with the lifecycleProcess workflow and agent runs on the real
 * dev server and a worker in this process on a test time scale of DAY_MS per calendar day: a termination whose last
 * day is tomorrow deactivates the leaver when the day after begins (two test days away) and not before: every
 * credential of theirs stops, the company key they made is flagged for HR, their waiting agent run is cancelled.
 * A termination cancelled before then changes nothing on the day.
 */
const DAY_MS = 3_000;
let kit: CompanyKit;
let acmeId: string;
let today: string;

beforeAll(async () => {
  kit = await startCompanyKit({ dayMs: DAY_MS, agent: true });
  const tenant = await kit.db.prisma.tenant.findFirstOrThrow({ where: { name: 'Acme' } });
  acmeId = tenant.id;
  today = todayIn(tenant.timeZone, testClock().now());
});
afterAll(() => kit?.close());

const employeeOf = (who: DemoKey) => kit.db.prisma.employee.findFirstOrThrow({ where: { email: `${who}@acme.test` } });
const withToken = (token: string, method: string, url: string, payload?: object) =>
  kit.app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('a termination', () => {
  it('refuses bad input with a 400 naming the field, writing nothing; only HR records one', async () => {
    const bob = (await employeeOf('bob')).id;
    const written = async () => ({
      processes: await kit.db.prisma.lifecycleProcess.count({ where: { kind: 'offboarding' } }),
      terminated: await kit.db.prisma.employee.count({ where: { tenantId: acmeId, terminationDate: { not: null } } }),
    });
    const before = await written();
    const lastDay = addDays(today, 10);
    const bad: Array<[object, string]> = [
      [{ employeeId: bob, lastDay: '2026-13-01', reason: 'Moving' }, 'lastDay'],
      [{ employeeId: bob, lastDay: '1899-12-31', reason: 'Moving' }, 'lastDay'],
      [{ employeeId: bob, lastDay, reason: ' ' }, 'reason'],
      [{ employeeId: bob, lastDay, reason: 'x'.repeat(501) }, 'reason'],
      [{ employeeId: bob, lastDay, reason: 'Mo\u0000ving' }, 'reason'],
      [{ employeeId: randomUUID(), lastDay, reason: 'Moving' }, 'employeeId'],
      [{ employeeId: 'bob', lastDay, reason: 'Moving' }, 'employeeId'],
      [{ lastDay, reason: 'Moving' }, 'employeeId'],
    ];
    for (const [body, field] of bad) {
      const res = await kit.call('hr', 'POST', '/api/offboarding/terminations', body);
      expect([field, res.statusCode]).toEqual([field, 400]);
      expect(res.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining(field) });
    }
    const asManager = await kit.call('manager', 'POST', '/api/offboarding/terminations', {
      employeeId: bob,
      lastDay,
      reason: 'Moving',
    });
    expect(asManager.statusCode).toBe(403);
    expect(await written()).toEqual(before);
  });

  it('deactivates the leaver when the day after the last day begins, not before: every credential stops, their run is cancelled', async () => {
    // Adam (ADMIN) leaves: a token of his, a delegated credential, a company key he made, a run waiting for approval.
    const adam = await employeeOf('admin');
    const pat = await tokenFor(kit.db.prisma, 'admin');
    const delegated = await tokenFor(kit.db.prisma, 'admin', undefined, { kind: 'delegated_credential' });
    const made = await withToken(pat, 'POST', '/api/company-api-keys', {
      name: 'Adam’s sync',
      scopes: ['people:read'],
    });
    const companyKey: string = made.json().data.secret;
    const keyId: string = made.json().data.key.id;
    const day = await freeWorkingDay(kit.db.prisma, await authenticate(kit.db.prisma, pat), 30);
    const thread = (await withToken(pat, 'POST', '/api/v1/agent/threads', { title: 'Leave' })).json().data.thread.id;
    const sent = await withToken(pat, 'POST', `/api/v1/agent/threads/${thread}/messages`, {
      message: `Book annual leave from ${day} to ${day} for a family trip`,
    });
    const runId: string = sent.json().data.runId;
    const runStatus = async () => (await kit.db.prisma.agentRun.findUniqueOrThrow({ where: { id: runId } })).status;
    await waitFor('the run to wait for approval', async () => (await runStatus()) === 'requires_action', {
      timeoutMs: 30_000,
    });
    const hook = await queuedWebhookOf(kit.db.prisma, 'hr', [
      'offboarding.process.started',
      'offboarding.user.deactivated',
    ]);

    const lastDay = addDays(today, 1);
    const began = Date.now();
    const recorded = await kit.call('hr', 'POST', '/api/offboarding/terminations', {
      employeeId: adam.id,
      lastDay,
      reason: 'Moving abroad',
    });
    expect(recorded.statusCode).toBe(201);
    const { process, tasks, person } = recorded.json().data;
    expect(person).toMatchObject({ status: 'leaving', terminationDate: lastDay });
    expect(process).toMatchObject({
      status: 'ACTIVE',
      anchorDate: lastDay,
      source: 'termination',
      reason: 'Moving abroad',
    });
    expect(tasks.map((t: { title: string; dueDate: string }) => [t.title, t.dueDate])).toEqual([
      ['Hand over knowledge and open work', addDays(lastDay, -5)],
      ['Hold the exit interview', addDays(lastDay, -2)],
      ['Prepare the final pay inputs', addDays(lastDay, -1)],
      ['Return the equipment', lastDay],
    ]);
    expect(
      (await kit.call('hr', 'POST', '/api/offboarding/terminations', { employeeId: adam.id, lastDay, reason: 'Again' }))
        .statusCode,
    ).toBe(409);

    // Before: all of Adam's credentials work, and nothing is recorded.
    for (const token of [pat, delegated, companyKey])
      expect((await withToken(token, 'GET', '/api/people?limit=1')).statusCode).toBe(200);
    expect(
      (await kit.db.prisma.lifecycleProcess.findUniqueOrThrow({ where: { id: process.id } })).deactivatedAt,
    ).toBeNull();

    await waitFor(
      'the last day to be over',
      async () =>
        (await kit.db.prisma.lifecycleProcess.findUniqueOrThrow({ where: { id: process.id } })).deactivatedAt !== null,
      { timeoutMs: 30_000 },
    );
    const done = await kit.db.prisma.lifecycleProcess.findUniqueOrThrow({ where: { id: process.id } });
    expect(done.deactivatedAt!.getTime() - began).toBeGreaterThanOrEqual(2 * DAY_MS - 250);
    expect(done.revokedCredentials).toBeGreaterThanOrEqual(3);
    for (const token of [pat, delegated, companyKey]) {
      expect((await withToken(token, 'GET', '/api/people?limit=1')).statusCode).toBe(401);
    }
    const user = await kit.db.prisma.user.findUniqueOrThrow({ where: { id: adam.userId! } });
    expect(user.status).toBe('deactivated');
    const key = (await kit.call('hr', 'GET', `/api/company-api-keys/${keyId}`)).json().data.key;
    expect(key).toMatchObject({ status: 'revoked', creatorLeftAt: expect.any(String) });
    await waitFor('the run to be cancelled', async () => (await runStatus()) === 'cancelled', { timeoutMs: 30_000 });
    const told = await kit.db.prisma.notification.findMany({
      where: { kind: 'offboarding.user_deactivated', data: { path: ['processId'], equals: process.id } },
    });
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.body).toContain('Adam’s sync');
    expect((await hook.deliveries()).map((d) => d.eventType)).toEqual([
      'offboarding.process.started',
      'offboarding.user.deactivated',
    ]);
    // Too late to cancel; the workflow has nothing left once the tasks are closed.
    const late = await kit.call('hr', 'POST', `/api/offboarding/processes/${process.id}/cancel`, {});
    expect(late.json()).toEqual({ error: 'conflict', reason: expect.stringContaining('deactivated') });
    for (const t of tasks)
      expect((await kit.call('hr', 'POST', `/api/offboarding/tasks/${t.id}/skip`, {})).statusCode).toBe(200);
    const workflow = kit.temporal.client.workflow.getHandle(
      lifecycleProcessWorkflowId('offboarding', acmeId, process.id),
    );
    expect(await workflow.result()).toEqual({ status: 'COMPLETED' });
  });

  it('cancelled before the last day, changes nothing on the day; People’s terminate_person starts the same process', async () => {
    const bob = await employeeOf('bob');
    const pat = await tokenFor(kit.db.prisma, 'bob');
    const lastDay = addDays(today, 1);
    const { process } = (
      await kit.call('hr', 'POST', '/api/offboarding/terminations', { employeeId: bob.id, lastDay, reason: 'Studies' })
    ).json().data;
    expect(
      (await kit.call('manager', 'GET', `/api/offboarding/processes/${process.id}`)).json().data.process,
    ).not.toHaveProperty('reason');
    expect((await kit.call('manager', 'POST', `/api/offboarding/processes/${process.id}/cancel`, {})).statusCode).toBe(
      403,
    );
    const cancelled = await kit.call('hr', 'POST', `/api/offboarding/processes/${process.id}/cancel`, {});
    expect(cancelled.json().data.process).toMatchObject({ status: 'CANCELLED', deactivatedAt: null });
    const workflow = kit.temporal.client.workflow.getHandle(
      lifecycleProcessWorkflowId('offboarding', acmeId, process.id),
    );
    expect(await workflow.result()).toEqual({ status: 'CANCELLED' });
    expect((await kit.call('hr', 'GET', `/api/people/${bob.id}`)).json().data.person).toMatchObject({
      status: 'active',
      terminationDate: null,
    });
    expect((await withToken(pat, 'GET', '/api/people?limit=1')).statusCode).toBe(200);
    expect((await kit.call('hr', 'POST', `/api/offboarding/processes/${process.id}/cancel`, {})).statusCode).toBe(409);

    // Terminated again through People: the same process opens again, with fresh tasks and a new workflow run.
    const later = addDays(today, 40);
    const terminated = await kit.call('hr', 'POST', `/api/people/${bob.id}/terminate`, {
      terminationDate: later,
      reason: 'Studies',
    });
    expect(terminated.statusCode).toBe(200);
    const reopened = (await kit.call('hr', 'GET', `/api/offboarding/processes/${process.id}`)).json().data;
    expect(reopened.process).toMatchObject({ status: 'ACTIVE', anchorDate: later, source: 'termination' });
    expect(reopened.tasks).toHaveLength(4);
    await waitFor('its workflow to run again', async () => (await workflow.describe()).status.name === 'RUNNING');
    const listed = (await kit.call('hr', 'GET', '/api/offboarding/processes?status=ACTIVE')).json().data.processes;
    expect(listed.map((p: { id: string }) => p.id)).toContain(process.id);
  });
});
