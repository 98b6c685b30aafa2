import { randomUUID } from 'node:crypto';
import { addDays, todayIn } from '../../../engines/leave/dates';
import { createOnboardingProcess, startOnboardingWorkflow } from '../../../engines/lifecycle/onboardingStart';
import { lifecycleProcessSource, reconcileProcesses } from '../../../temporal/worker/processReconciler';
import { lifecycleProcessWorkflowId } from '../../../workflows/lifecycleProcess/messages';
import { testClock } from '../../support/clock';
import { startCompanyKit, type CompanyKit } from '../../support/companyKit';
import type { DemoKey } from '../../support/identity';
import { waitFor } from '../../support/waitFor';

/**
 * Onboarding (company-api.md) through the HTTP API, with the lifecycleProcess workflow on the real dev server and
 * a worker in this process on a test time scale of DAY_MS per calendar day: templates, a process whose tasks are
 * due from the start date and assigned to the people the template names, who reads and completes what, the
 * process completing, and the reminders of a task (the day before its due date, the day after), once each.
 */
const DAY_MS = 2_000;
let kit: CompanyKit;
let acmeId: string;
let today: string;

beforeAll(async () => {
  kit = await startCompanyKit({ dayMs: DAY_MS });
  const tenant = await kit.db.prisma.tenant.findFirstOrThrow({ where: { name: 'Acme' } });
  acmeId = tenant.id;
  today = todayIn(tenant.timeZone, testClock().now());
});
afterAll(() => kit?.close());

const idOf = async (who: DemoKey) =>
  (await kit.db.prisma.employee.findFirstOrThrow({ where: { email: `${who}@acme.test` } })).id;
const userOf = async (who: DemoKey) =>
  (await kit.db.prisma.user.findFirstOrThrow({ where: { email: `${who}@acme.test` } })).id;

const task = { title: 'Sign the contract', assignee: 'new_hire', dueOffsetDays: 0 };

describe('onboarding templates', () => {
  it('are HR’s to create, read, change and delete; a bad one is a 400 naming the field and writes nothing', async () => {
    const templates = () => kit.db.prisma.lifecycleTemplate.count({ where: { tenantId: acmeId } });
    const before = await templates();
    const dan = (await kit.db.prisma.employee.findFirstOrThrow({ where: { email: 'dan@globex.test' } })).id;
    const bad: Array<[object, string]> = [
      [{ name: 'Empty', tasks: [] }, 'tasks'],
      [{ name: ' ', tasks: [task] }, 'name'],
      [{ name: 'Long', tasks: [{ ...task, title: 'x'.repeat(201) }] }, 'tasks.0.title'],
      [{ name: 'Nul', tasks: [{ ...task, title: 'a\u0000b' }] }, 'tasks.0.title'],
      [{ name: 'Far', tasks: [{ ...task, dueOffsetDays: 366 }] }, 'tasks.0.dueOffsetDays'],
      [{ name: 'Half', tasks: [{ ...task, dueOffsetDays: 1.5 }] }, 'tasks.0.dueOffsetDays'],
      [{ name: 'Leaver', tasks: [{ ...task, assignee: 'leaver' }] }, 'tasks.0.assignee'],
      [{ name: 'Nobody', tasks: [task, { ...task, assignee: 'employee' }] }, 'tasks.1.assigneeEmployeeId'],
      [
        { name: 'Foreign', tasks: [{ ...task, assignee: 'employee', assigneeEmployeeId: dan }] },
        'tasks.0.assigneeEmployeeId',
      ],
      [{ name: 'Named', tasks: [{ ...task, assigneeEmployeeId: dan }] }, 'tasks.0.assigneeEmployeeId'],
      [{ name: 'Dept', departmentId: randomUUID(), tasks: [task] }, 'departmentId'],
      [{ name: 'Extra', tasks: [task], owner: 'me' }, 'owner'],
    ];
    for (const [body, field] of bad) {
      const res = await kit.call('hr', 'POST', '/api/onboarding/templates', body);
      expect([field, res.statusCode]).toEqual([field, 400]);
      expect(res.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining(field) });
    }
    expect(await templates()).toBe(before);

    const body = {
      name: 'Engineers',
      tasks: [task, { title: 'Pair for a week', assignee: 'manager', dueOffsetDays: 5 }],
    };
    expect((await kit.call('manager', 'POST', '/api/onboarding/templates', body)).statusCode).toBe(403);
    expect((await kit.call('alice', 'GET', '/api/onboarding/templates')).statusCode).toBe(403);
    const created = await kit.call('hr', 'POST', '/api/onboarding/templates', body);
    expect(created.statusCode).toBe(201);
    const template = created.json().data.template;
    expect(template).toMatchObject({ kind: 'onboarding', name: 'Engineers', isDefault: false, departmentId: null });
    expect(template.tasks).toEqual(body.tasks);
    const again = await kit.call('hr', 'POST', '/api/onboarding/templates', body);
    expect(again.statusCode).toBe(409);
    // Offboarding templates are another list: the same name is free there, and the onboarding one is not found.
    expect((await kit.call('hr', 'GET', `/api/offboarding/templates/${template.id}`)).statusCode).toBe(404);

    const changed = await kit.call('hr', 'PATCH', `/api/onboarding/templates/${template.id}`, { isDefault: true });
    expect(changed.json().data.template).toMatchObject({ isDefault: true, name: 'Engineers' });
    expect((await kit.call('hr', 'PATCH', `/api/onboarding/templates/${template.id}`, {})).statusCode).toBe(400);
    const list = (await kit.call('hr', 'GET', '/api/onboarding/templates?limit=200')).json().data;
    expect(list.templates.map((t: { id: string }) => t.id)).toContain(template.id);
    expect(list.builtIn.tasks.map((t: { title: string }) => t.title)).toEqual([
      'Sign the employment contract',
      'Set up the laptop',
      'Create the accounts (email, chat, HR platform)',
      'Plan the first week with the new hire',
    ]);
    expect((await kit.call('hr', 'DELETE', `/api/onboarding/templates/${template.id}`)).json().data).toEqual({
      id: template.id,
    });
    expect((await kit.call('hr', 'GET', `/api/onboarding/templates/${template.id}`)).statusCode).toBe(404);
  });
});

describe('an onboarding process', () => {
  it('has tasks due from the start date for the people its template names; they complete it, HR is told', async () => {
    const [bob, manager, carol] = [await idOf('bob'), await idOf('manager'), await idOf('carol')];
    const template = (
      await kit.call('hr', 'POST', '/api/onboarding/templates', {
        name: 'Bob’s way in',
        tasks: [
          { title: 'Read the handbook', assignee: 'new_hire', dueOffsetDays: 0 },
          { title: 'Plan the first week', assignee: 'manager', dueOffsetDays: -1 },
          { title: 'Order the badge', assignee: 'hr', dueOffsetDays: -5 },
          { title: 'Introduce the sales team', assignee: 'employee', assigneeEmployeeId: carol, dueOffsetDays: 7 },
        ],
      })
    ).json().data.template;
    const startDate = addDays(today, 20);
    const bad = await kit.call('hr', 'POST', '/api/onboarding/processes', { employeeId: bob, startDate: '2026-02-30' });
    expect(bad.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining('startDate') });
    const unknown = await kit.call('hr', 'POST', '/api/onboarding/processes', { employeeId: randomUUID() });
    expect(unknown.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining('employeeId') });
    expect(await kit.db.prisma.lifecycleProcess.count({ where: { employeeId: bob } })).toBe(0);
    expect(
      (await kit.call('manager', 'POST', '/api/onboarding/processes', { employeeId: bob, startDate })).statusCode,
    ).toBe(403);

    const started = await kit.call('hr', 'POST', '/api/onboarding/processes', {
      employeeId: bob,
      startDate,
      templateId: template.id,
    });
    expect(started.statusCode).toBe(201);
    const { process, tasks } = started.json().data;
    expect(process).toMatchObject({
      status: 'ACTIVE',
      anchorDate: startDate,
      source: 'manual',
      templateId: template.id,
    });
    expect(
      tasks.map((t: { title: string; assigneeEmployeeId: string | null; dueDate: string }) => [
        t.title,
        t.assigneeEmployeeId,
        t.dueDate,
      ]),
    ).toEqual([
      ['Read the handbook', bob, startDate],
      ['Plan the first week', manager, addDays(startDate, -1)],
      ['Order the badge', null, addDays(startDate, -5)],
      ['Introduce the sales team', carol, addDays(startDate, 7)],
    ]);
    const again = await kit.call('hr', 'POST', '/api/onboarding/processes', { employeeId: bob, startDate });
    expect(again.statusCode).toBe(409);
    const workflow = kit.temporal.client.workflow.getHandle(
      lifecycleProcessWorkflowId('onboarding', acmeId, process.id),
    );
    await waitFor(
      'the workflow to record itself',
      async () =>
        (await kit.db.prisma.lifecycleProcess.findUniqueOrThrow({ where: { id: process.id } })).workflowId ===
        workflow.workflowId,
    );

    // Who reads it: Bob and his line all of it; Carol only her task; Alice nothing.
    const get = (who: DemoKey) => kit.call(who, 'GET', `/api/onboarding/processes/${process.id}`);
    for (const who of ['bob', 'manager', 'director'] as const)
      expect((await get(who)).json().data.tasks).toHaveLength(4);
    expect((await get('carol')).json().data.tasks.map((t: { title: string }) => t.title)).toEqual([
      'Introduce the sales team',
    ]);
    expect((await get('alice')).statusCode).toBe(404);
    const listed = (who: DemoKey) =>
      kit
        .call(who, 'GET', '/api/onboarding/processes')
        .then((r) => r.json().data.processes.map((p: { id: string }) => p.id));
    expect(await listed('manager')).toContain(process.id);
    expect(await listed('alice')).not.toContain(process.id);

    // Who does what: each their own tasks (HR any), Alice none; only HR skips.
    const mine = (await kit.call('bob', 'GET', '/api/onboarding/tasks?assignee=me')).json().data.tasks;
    expect(mine.map((t: { title: string }) => t.title)).toEqual(['Read the handbook']);
    const [handbook, plan, badge, intro] = tasks.map((t: { id: string }) => t.id);
    const act = (who: DemoKey, id: string, verb: 'complete' | 'skip') =>
      kit.call(who, 'POST', `/api/onboarding/tasks/${id}/${verb}`, {});
    expect((await act('alice', handbook, 'complete')).statusCode).toBe(404);
    expect((await act('manager', handbook, 'complete')).statusCode).toBe(403);
    expect((await act('bob', badge, 'complete')).statusCode).toBe(403);
    expect((await act('manager', plan, 'skip')).statusCode).toBe(403);
    expect((await act('bob', handbook, 'complete')).json().data.task).toMatchObject({ status: 'DONE' });
    expect((await act('bob', handbook, 'complete')).json()).toEqual({
      error: 'conflict',
      reason: expect.stringContaining('DONE'),
    });
    expect((await act('manager', plan, 'complete')).statusCode).toBe(200);
    const hrTasks = (await kit.call('hr', 'GET', '/api/onboarding/tasks?assignee=hr')).json().data.tasks;
    expect(hrTasks.map((t: { id: string }) => t.id)).toContain(badge);
    expect((await kit.call('bob', 'GET', '/api/onboarding/tasks?assignee=hr')).statusCode).toBe(403);
    expect((await act('hr', badge, 'skip')).json().data.task).toMatchObject({ status: 'SKIPPED' });
    const last = (await act('carol', intro, 'complete')).json().data;
    expect(last.process).toMatchObject({ status: 'COMPLETED', taskCounts: { open: 0, done: 3, skipped: 1 } });

    expect(await workflow.result()).toEqual({ status: 'COMPLETED' });
    const told = await kit.db.prisma.notification.findMany({
      where: { kind: 'onboarding.process_completed', data: { path: ['processId'], equals: process.id } },
      select: { userId: true },
    });
    const hrUsers = await kit.db.prisma.user.findMany({
      where: { tenantId: acmeId, role: { in: ['HR_MANAGER', 'ADMIN', 'OWNER'] }, status: 'active' },
      select: { id: true },
    });
    expect(told.map((n) => n.userId).sort()).toEqual([...hrUsers.map((u) => u.id), await userOf('manager')].sort());
    expect((await act('hr', intro, 'skip')).json()).toEqual({
      error: 'conflict',
      reason: expect.stringContaining('COMPLETED'),
    });
  });

  it('begins with a new employee added with startOnboarding, from the built-in list when no template is the default', async () => {
    const hireDate = addDays(today, 14);
    const created = await kit.call('hr', 'POST', '/api/people', {
      name: 'Nina Newcomer',
      email: 'nina.newcomer@example.test',
      jobTitle: 'Designer',
      hireDate,
      managerId: await idOf('manager'),
      startOnboarding: true,
    });
    expect(created.statusCode).toBe(201);
    const { person, onboardingProcessId } = created.json().data;
    const { process, tasks } = (await kit.call('hr', 'GET', `/api/onboarding/processes/${onboardingProcessId}`)).json()
      .data;
    expect(process).toMatchObject({
      employeeId: person.id,
      source: 'new_employee',
      anchorDate: hireDate,
      templateId: null,
    });
    expect(
      tasks.map((t: { title: string; assigneeEmployeeId: string | null; dueDate: string }) => [
        t.title,
        t.assigneeEmployeeId,
        t.dueDate,
      ]),
    ).toEqual([
      ['Sign the employment contract', person.id, addDays(hireDate, -3)],
      ['Set up the laptop', null, hireDate],
      ['Create the accounts (email, chat, HR platform)', null, hireDate],
      ['Plan the first week with the new hire', await idOf('manager'), hireDate],
    ]);
    const without = await kit.call('hr', 'POST', '/api/people', {
      name: 'Otto Other',
      email: 'otto.other@example.test',
      jobTitle: 'Designer',
      hireDate,
    });
    expect(without.json().data).not.toHaveProperty('onboardingProcessId');
    const otto = without.json().data.person.id;
    expect(await kit.db.prisma.lifecycleProcess.count({ where: { employeeId: otto } })).toBe(0);
  });

  it('made by another area without its workflow started (a crash after the commit), is started by the reconciler', async () => {
    const carol = await idOf('carol');
    const made = await kit.db.prisma.$transaction((tx) =>
      createOnboardingProcess(tx, {
        tenantId: acmeId,
        employeeId: carol,
        startDate: addDays(today, 30),
        source: 'hire',
      }),
    );
    expect(made.created).toBe(true);
    const again = await kit.db.prisma.$transaction((tx) =>
      createOnboardingProcess(tx, {
        tenantId: acmeId,
        employeeId: carol,
        startDate: addDays(today, 9),
        source: 'hire',
      }),
    );
    expect(again).toEqual({ processId: made.processId, created: false });
    const sources = [lifecycleProcessSource(kit.ports.lifecycleProcesses)];
    expect(await reconcileProcesses({ prisma: kit.db.prisma, sources, graceMs: 0 })).toMatchObject({ failed: 0 });
    const workflowId = lifecycleProcessWorkflowId('onboarding', acmeId, made.processId);
    await waitFor(
      'the workflow to record itself',
      async () =>
        (await kit.db.prisma.lifecycleProcess.findUniqueOrThrow({ where: { id: made.processId } })).workflowId ===
        workflowId,
    );
    // Once recorded, it is no orphan: the next pass starts nothing; starting it again is harmless.
    expect(await reconcileProcesses({ prisma: kit.db.prisma, sources, graceMs: 0 })).toEqual({ started: 0, failed: 0 });
    await startOnboardingWorkflow(kit.ports.lifecycleProcesses, acmeId, made.processId);
    expect((await kit.temporal.client.workflow.getHandle(workflowId).describe()).status.name).toBe('RUNNING');
  });

  it('reminds a task’s assignee the day before it is due and the day after, once each, on the scaled clock', async () => {
    const alice = await idOf('alice');
    const aliceUser = await userOf('alice');
    const template = (
      await kit.call('hr', 'POST', '/api/onboarding/templates', {
        name: 'One task',
        tasks: [{ title: 'Choose a laptop', assignee: 'new_hire', dueOffsetDays: 0 }],
      })
    ).json().data.template;
    // Due in two days: "due soon" when tomorrow begins, "overdue" when the day after the due date begins.
    const startDate = addDays(today, 2);
    const began = Date.now();
    const { process, tasks } = (
      await kit.call('hr', 'POST', '/api/onboarding/processes', {
        employeeId: alice,
        startDate,
        templateId: template.id,
      })
    ).json().data;
    const reminders = async (kind: string) =>
      kit.db.prisma.notification.findMany({
        where: { userId: aliceUser, kind, data: { path: ['taskId'], equals: tasks[0].id } },
      });
    await waitFor('the due-soon reminder', async () => (await reminders('onboarding.task_due_soon')).length > 0, {
      timeoutMs: 20_000,
    });
    const dueSoon = (await reminders('onboarding.task_due_soon'))[0]!;
    expect(dueSoon.createdAt.getTime() - began).toBeGreaterThanOrEqual(DAY_MS - 250);
    expect(await reminders('onboarding.task_overdue')).toHaveLength(0);
    await waitFor('the overdue reminder', async () => (await reminders('onboarding.task_overdue')).length > 0, {
      timeoutMs: 30_000,
    });
    const overdue = (await reminders('onboarding.task_overdue'))[0]!;
    expect(overdue.createdAt.getTime() - began).toBeGreaterThanOrEqual(3 * DAY_MS - 250);
    expect(overdue.body).toContain(startDate);
    // Nothing more is timed: closing the task ends the workflow, and each reminder went once.
    expect((await kit.call('alice', 'POST', `/api/onboarding/tasks/${tasks[0].id}/complete`, {})).statusCode).toBe(200);
    const workflow = kit.temporal.client.workflow.getHandle(
      lifecycleProcessWorkflowId('onboarding', acmeId, process.id),
    );
    expect(await workflow.result()).toEqual({ status: 'COMPLETED' });
    expect(await reminders('onboarding.task_due_soon')).toHaveLength(1);
    expect(await reminders('onboarding.task_overdue')).toHaveLength(1);
  });
});
