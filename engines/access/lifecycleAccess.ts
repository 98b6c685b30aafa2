import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { AppError } from '../appError';
import type { Actor } from './actor';
import { isHrRole, visibilityOf } from './roles';
import { visibleEmployeesFilter } from './visibility';

/**
 * Who does what in Onboarding and Offboarding (company-api.md). HR runs templates and processes (start, skip a
 * task, terminate, cancel) and reads everything; a manager or director reads the processes of the people they see;
 * everyone reads their own process and any process with a task assigned to them, where they see only their tasks.
 * A task is completed by its assignee or HR; a task without an assignee is HR's.
 */

/** The processes `actor` may read: of people they see, or with a task of theirs. */
export async function visibleProcessesFilter(
  prisma: PrismaClient,
  actor: Actor,
  kind: string,
): Promise<Prisma.LifecycleProcessWhereInput> {
  const tenantId = actor.tenant.id;
  if (visibilityOf(actor.user.role) === 'workspace') return { tenantId, kind };
  const people = await prisma.employee.findMany({
    where: await visibleEmployeesFilter(prisma, actor),
    select: { id: true },
  });
  const assigned = actor.employee
    ? await prisma.lifecycleTask.findMany({
        where: { tenantId, assigneeEmployeeId: actor.employee.id },
        select: { processId: true },
        distinct: ['processId'],
      })
    : [];
  return {
    tenantId,
    kind,
    OR: [{ employeeId: { in: people.map((p) => p.id) } }, { id: { in: assigned.map((t) => t.processId) } }],
  };
}

/**
 * Which of a visible process's tasks `actor` reads: all of them when they see its person (HR, the person, their
 * line), else only those assigned to them.
 */
export function visibleTasksFilter(actor: Actor, seesPerson: boolean): Prisma.LifecycleTaskWhereInput {
  if (seesPerson) return {};
  return { assigneeEmployeeId: actor.employee?.id ?? '00000000-0000-0000-0000-000000000000' };
}

/** Completing a task: its assignee, or HR (for any task, and the only ones for a task without an assignee). */
export function requireMayCompleteTask(actor: Actor, task: { assigneeEmployeeId: string | null }): void {
  if (isHrRole(actor.user.role)) return;
  if (task.assigneeEmployeeId !== null && actor.employee?.id === task.assigneeEmployeeId) return;
  throw new AppError('forbidden', 'Only the task’s assignee or HR completes a task');
}

/** Templates, starting and cancelling processes, skipping tasks and recording terminations: HR only. */
export function requireLifecycleManager(actor: Actor, what: string): void {
  if (!isHrRole(actor.user.role)) throw new AppError('forbidden', `Only an HR_MANAGER, ADMIN or OWNER may ${what}`);
}
