import type { PrismaClient } from '../../db/prismaClient';
import { addDays, toDbDate } from '../../engines/leave/dates';
import { createLifecycleProcess } from '../../engines/lifecycle/createProcess';
import type { LifecycleKind } from '../../engines/lifecycle/templateTasks';
import { demoPeople } from '../../prisma/seed';
import type { CompanySample } from './companySamples';
import type { DemoKey } from './identity';
import { todayOf } from './leave';
import { freshName } from './organization';

/**
 * Samples of the Onboarding and Offboarding areas for the authorization matrices. What a sample acts on is made
 * through the lifecycle engine (a process of a fresh Acme employee, Alice's own process) or written as a row (a
 * template); the matrices' API runs no worker, so no workflow starts.
 */

const employeeOf = (db: PrismaClient, who: DemoKey) =>
  db.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });

/** A fresh Acme employee without a manager: only HR (and no one else by role) sees them. */
async function freshEmployee(db: PrismaClient): Promise<{ id: string; tenantId: string }> {
  const hr = await employeeOf(db, 'hr');
  for (;;) {
    const top = await db.employee.aggregate({ where: { tenantId: hr.tenantId }, _max: { employeeNumber: true } });
    const name = freshName('newcomer');
    try {
      return await db.employee.create({
        data: {
          tenantId: hr.tenantId,
          employeeNumber: top._max.employeeNumber! + 1,
          name,
          email: `${name.replace(/\W+/g, '.').toLowerCase()}@example.test`,
          jobTitle: 'Tester',
          hireDate: toDbDate('2026-01-05'),
        },
        select: { id: true, tenantId: true },
      });
    } catch {
      // Another sample took the number at the same moment: take the next one.
    }
  }
}

/** A process of `kind` for `employeeId` whose first task is assigned to `assignee`'s employee. */
async function processWithTaskOf(
  db: PrismaClient,
  kind: LifecycleKind,
  employee: { id: string; tenantId: string },
  assignee: DemoKey,
): Promise<{ processId: string; taskId: string }> {
  const assigneeId = (await employeeOf(db, assignee)).id;
  const anchorDate = addDays(await todayOf(db, 'hr'), 30);
  const { processId } = await db.$transaction((tx) =>
    createLifecycleProcess(tx, {
      tenantId: employee.tenantId,
      kind,
      employeeId: employee.id,
      anchorDate,
      source: 'manual',
    }),
  );
  const task = await db.lifecycleTask.findFirstOrThrow({ where: { processId }, orderBy: { position: 'asc' } });
  await db.lifecycleTask.update({ where: { id: task.id }, data: { assigneeEmployeeId: assigneeId } });
  return { processId, taskId: task.id };
}

/** Alice's own process of `kind` (made once): she, her line and HR read it. */
async function aliceProcessOf(db: PrismaClient, kind: LifecycleKind): Promise<string> {
  const alice = await employeeOf(db, 'alice');
  const anchorDate = addDays(await todayOf(db, 'hr'), 30);
  const { processId } = await db.$transaction((tx) =>
    createLifecycleProcess(tx, { tenantId: alice.tenantId, kind, employeeId: alice.id, anchorDate, source: 'manual' }),
  );
  return processId;
}

/** A fresh template of Acme of `kind`. */
async function templateOf(db: PrismaClient, kind: LifecycleKind): Promise<string> {
  const hr = await employeeOf(db, 'hr');
  const template = await db.lifecycleTemplate.create({
    data: {
      tenantId: hr.tenantId,
      kind,
      name: freshName(`${kind} template`),
      tasks: [{ title: 'Say hello', assignee: 'manager', dueOffsetDays: 0 }],
      createdByUserId: hr.userId!,
    },
  });
  return template.id;
}

/** A fresh employee with a termination recorded (their last day in 30 days) and its offboarding process. */
async function terminationOf(db: PrismaClient): Promise<string> {
  const employee = await freshEmployee(db);
  const lastDay = addDays(await todayOf(db, 'hr'), 30);
  await db.employee.update({
    where: { id: employee.id },
    data: { terminationDate: toDbDate(lastDay), terminationReason: 'matrix' },
  });
  const { processId } = await db.$transaction((tx) =>
    createLifecycleProcess(tx, {
      tenantId: employee.tenantId,
      kind: 'offboarding',
      employeeId: employee.id,
      anchorDate: lastDay,
      source: 'termination',
    }),
  );
  return processId;
}

export function lifecycleSamples(db: () => PrismaClient): Record<string, (who: DemoKey) => Promise<CompanySample>> {
  const samples: Record<string, (who: DemoKey) => Promise<CompanySample>> = {};
  for (const kind of ['onboarding', 'offboarding'] as const) {
    Object.assign(samples, {
      [`list_${kind}_templates`]: async () => ({ method: 'GET', url: `/api/${kind}/templates` }),
      [`get_${kind}_template`]: async () => ({
        method: 'GET',
        url: `/api/${kind}/templates/${await templateOf(db(), kind)}`,
      }),
      [`create_${kind}_template`]: async () => ({
        method: 'POST',
        url: `/api/${kind}/templates`,
        payload: { name: freshName(kind), tasks: [{ title: 'Meet HR', assignee: 'hr', dueOffsetDays: 1 }] },
      }),
      [`update_${kind}_template`]: async () => ({
        method: 'PATCH',
        url: `/api/${kind}/templates/${await templateOf(db(), kind)}`,
        payload: { name: freshName(`renamed ${kind}`) },
      }),
      [`delete_${kind}_template`]: async () => ({
        method: 'DELETE',
        url: `/api/${kind}/templates/${await templateOf(db(), kind)}`,
      }),
      [`list_${kind}_processes`]: async () => ({ method: 'GET', url: `/api/${kind}/processes` }),
      [`get_${kind}_process`]: async () => ({
        method: 'GET',
        url: `/api/${kind}/processes/${await aliceProcessOf(db(), kind)}`,
      }),
      [`list_${kind}_tasks`]: async () => ({ method: 'GET', url: `/api/${kind}/tasks?assignee=me` }),
      // A task of the caller's own, in the process of someone only HR sees: the assignee completes it; HR skips.
      [`complete_${kind}_task`]: async (who: DemoKey) => {
        const { taskId } = await processWithTaskOf(db(), kind, await freshEmployee(db()), who);
        return { method: 'POST', url: `/api/${kind}/tasks/${taskId}/complete`, payload: {} };
      },
      [`skip_${kind}_task`]: async (who: DemoKey) => {
        const { taskId } = await processWithTaskOf(db(), kind, await freshEmployee(db()), who);
        return { method: 'POST', url: `/api/${kind}/tasks/${taskId}/skip`, payload: {} };
      },
    });
  }
  return {
    ...samples,
    start_onboarding: async () => ({
      method: 'POST',
      url: '/api/onboarding/processes',
      payload: { employeeId: (await freshEmployee(db())).id },
    }),
    record_termination: async () => ({
      method: 'POST',
      url: '/api/offboarding/terminations',
      payload: {
        employeeId: (await freshEmployee(db())).id,
        lastDay: addDays(await todayOf(db(), 'hr'), 30),
        reason: 'matrix',
      },
    }),
    cancel_termination: async () => ({
      method: 'POST',
      url: `/api/offboarding/processes/${await terminationOf(db())}/cancel`,
      payload: {},
    }),
  };
}
