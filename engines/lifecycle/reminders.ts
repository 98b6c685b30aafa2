import type { PrismaClient } from '../../db/prismaClient';
import { addDays, fromUtcDate, type IsoDate } from '../../lib/calendar/isoDate';
import { notifyTaskReminder } from './lifecycleNotifications';
import type { LifecycleProcessRef } from './lifecyclePort';
import type { LifecycleKind } from './templateTasks';

/**
 * The reminders of a process's open tasks, once per kind: `due_soon` from the day before the due date (while the
 * task is not yet overdue), `overdue` from the day after it. A task closed first gets none. Days are the tenant's
 * (the workflow sleeps until they begin, on the test time scale in tests).
 */

export interface OpenTaskDates {
  dueDate: IsoDate;
  remindedDue: boolean;
  remindedOverdue: boolean;
}

/** The days on which a task's reminders that are still to send fall, earliest first (none once overdue was sent). */
export function reminderDays(task: OpenTaskDates, today: IsoDate): IsoDate[] {
  if (task.remindedOverdue) return [];
  const overdueOn = addDays(task.dueDate, 1);
  const dueSoonOn = addDays(task.dueDate, -1);
  // The due-soon reminder is for a task not overdue yet: past the due date it is replaced by the overdue one.
  return !task.remindedDue && today < overdueOn ? [dueSoonOn, overdueOn] : [overdueOn];
}

/** What the workflow needs of a process: its state, the tenant's zone, and its open tasks' reminder dates. */
export async function processTimeline(prisma: PrismaClient, ref: LifecycleProcessRef) {
  const process = await prisma.lifecycleProcess.findFirst({ where: { id: ref.processId, tenantId: ref.tenantId } });
  if (!process) return null;
  const [person, tenant, open] = await Promise.all([
    prisma.employee.findUnique({ where: { id: process.employeeId }, select: { name: true } }),
    prisma.tenant.findUniqueOrThrow({ where: { id: ref.tenantId }, select: { timeZone: true } }),
    prisma.lifecycleTask.findMany({ where: { processId: process.id, status: 'OPEN' } }),
  ]);
  return {
    status: process.status,
    kind: process.kind as LifecycleKind,
    employeeName: person?.name ?? '',
    anchorDate: fromUtcDate(process.anchorDate),
    deactivated: process.deactivatedAt !== null,
    workflowId: process.workflowId,
    timeZone: tenant.timeZone,
    openTasks: open.map((t) => ({
      dueDate: fromUtcDate(t.dueDate),
      remindedDue: t.remindedDueAt !== null,
      remindedOverdue: t.remindedOverdueAt !== null,
    })),
  };
}

/**
 * Sends the reminders due on `today` of an active process's open tasks, each once: the mark is set by a
 * conditional update, so a retried or concurrent pass sends nothing twice. Answers how many were sent.
 */
export async function sendDueReminders(
  prisma: PrismaClient,
  ref: LifecycleProcessRef,
  today: IsoDate,
  now: Date,
): Promise<number> {
  const process = await prisma.lifecycleProcess.findFirst({ where: { id: ref.processId, tenantId: ref.tenantId } });
  if (!process || process.status !== 'ACTIVE') return 0;
  const person = await prisma.employee.findUniqueOrThrow({ where: { id: process.employeeId }, select: { name: true } });
  const open = await prisma.lifecycleTask.findMany({
    where: { processId: process.id, status: 'OPEN', remindedOverdueAt: null },
    orderBy: { position: 'asc' },
  });
  let sent = 0;
  for (const task of open) {
    const dueDate = fromUtcDate(task.dueDate);
    const which =
      today > dueDate ? 'overdue' : today >= addDays(dueDate, -1) && task.remindedDueAt === null ? 'due_soon' : null;
    if (!which) continue;
    const mark = which === 'overdue' ? { remindedOverdueAt: now } : { remindedDueAt: now };
    const unmarked = which === 'overdue' ? { remindedOverdueAt: null } : { remindedDueAt: null };
    sent += await prisma.$transaction(async (tx) => {
      const { count } = await tx.lifecycleTask.updateMany({
        where: { id: task.id, status: 'OPEN', ...unmarked },
        data: mark,
      });
      if (count === 0) return 0;
      await notifyTaskReminder(
        tx,
        which,
        { ...task, dueDate },
        { kind: process.kind as LifecycleKind, employeeName: person.name },
      );
      return 1;
    });
  }
  return sent;
}

/** The workflow records its id on its process when it first runs: a process without one has no workflow yet. */
export async function recordWorkflowId(prisma: PrismaClient, ref: LifecycleProcessRef, workflowId: string) {
  await prisma.lifecycleProcess.updateMany({
    where: { id: ref.processId, tenantId: ref.tenantId, workflowId: null },
    data: { workflowId },
  });
}
