import type { Prisma } from '../../db/models';
import { hrRoles } from '../access/roles';
import { writeNotifications } from '../notifications/writeNotifications';
import type { LifecycleKind } from './templateTasks';

type Tx = Prisma.TransactionClient;

/** The notifications of Onboarding and Offboarding, written in the transaction of what they tell about. */
export const lifecycleNotificationKinds = [
  'onboarding.task_due_soon',
  'onboarding.task_overdue',
  'onboarding.process_completed',
  'offboarding.task_due_soon',
  'offboarding.task_overdue',
  'offboarding.process_completed',
  'offboarding.user_deactivated',
] as const;
export type LifecycleNotificationKind = (typeof lifecycleNotificationKinds)[number];

/** The active users of HR (HR_MANAGER, ADMIN, OWNER): who a task without an assignee, or a leaver's keys, concern. */
export async function hrUserIds(tx: Tx, tenantId: string): Promise<string[]> {
  const rows = await tx.user.findMany({
    where: { tenantId, status: 'active', role: { in: [...hrRoles] } },
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

/** The user of an employee, when they have an active one. */
async function userOf(tx: Tx, employeeId: string | null): Promise<string | null> {
  if (!employeeId) return null;
  const row = await tx.employee.findUnique({ where: { id: employeeId }, select: { user: true } });
  return row?.user && row.user.status === 'active' ? row.user.id : null;
}

/** A task's assignee (HR for a task without one) is reminded: due tomorrow, or overdue. */
export async function notifyTaskReminder(
  tx: Tx,
  which: 'due_soon' | 'overdue',
  task: {
    id: string;
    tenantId: string;
    processId: string;
    title: string;
    assigneeEmployeeId: string | null;
    dueDate: string;
  },
  process: { kind: LifecycleKind; employeeName: string },
): Promise<void> {
  const assignee = await userOf(tx, task.assigneeEmployeeId);
  const recipients = task.assigneeEmployeeId ? (assignee ? [assignee] : []) : await hrUserIds(tx, task.tenantId);
  const what = `${process.kind} of ${process.employeeName}`;
  const title = which === 'due_soon' ? `Due tomorrow: ${task.title}` : `Overdue: ${task.title}`;
  const body =
    which === 'due_soon'
      ? `A task of the ${what} is due on ${task.dueDate}.`
      : `A task of the ${what} was due on ${task.dueDate} and is still open.`;
  await writeNotifications(
    tx,
    recipients.map((userId) => ({
      tenantId: task.tenantId,
      userId,
      kind: `${process.kind}.task_${which}`,
      title,
      body,
      data: { processId: task.processId, taskId: task.id, dueDate: task.dueDate },
    })),
  );
}

/** Every task is done or skipped: the person's manager and HR are told. */
export async function notifyProcessCompleted(
  tx: Tx,
  process: { id: string; tenantId: string; kind: LifecycleKind; employeeId: string },
): Promise<void> {
  const person = await tx.employee.findUniqueOrThrow({
    where: { id: process.employeeId },
    select: { name: true, managerId: true },
  });
  const manager = await userOf(tx, person.managerId);
  const recipients = new Set([...(await hrUserIds(tx, process.tenantId)), ...(manager ? [manager] : [])]);
  await writeNotifications(
    tx,
    [...recipients].map((userId) => ({
      tenantId: process.tenantId,
      userId,
      kind: `${process.kind}.process_completed`,
      title: `${process.kind === 'onboarding' ? 'Onboarding' : 'Offboarding'} of ${person.name} complete`,
      body: `Every task of the ${process.kind} of ${person.name} is done or skipped.`,
      data: { processId: process.id, employeeId: process.employeeId },
    })),
  );
}

/**
 * A leaver's last day passed: HR is told that their user was deactivated, how many credentials were revoked, and
 * which company API keys they had made (revoked too: integrations using them need a new key).
 */
export async function notifyLeaverDeactivated(
  tx: Tx,
  process: { id: string; tenantId: string; employeeId: string },
  leaver: { name: string },
  revoked: { deactivated: boolean; total: number; companyKeys: Array<{ id: string; name: string }> },
): Promise<void> {
  const keys = revoked.companyKeys.map((k) => k.name).join(', ');
  const what = revoked.deactivated
    ? `${revoked.total} credential(s) of ${leaver.name} were revoked.`
    : `${leaver.name}'s user was not deactivated (none, already deactivated, or the workspace's last active OWNER).`;
  await writeNotifications(
    tx,
    (await hrUserIds(tx, process.tenantId)).map((userId) => ({
      tenantId: process.tenantId,
      userId,
      kind: 'offboarding.user_deactivated',
      title: `${leaver.name} has left: the last day is over`,
      body:
        what +
        (revoked.companyKeys.length > 0
          ? ` Company API keys they made, revoked with them (replace them where integrations used them): ${keys}.`
          : ''),
      data: {
        processId: process.id,
        employeeId: process.employeeId,
        userDeactivated: revoked.deactivated,
        companyKeys: revoked.companyKeys,
      },
    })),
  );
}
