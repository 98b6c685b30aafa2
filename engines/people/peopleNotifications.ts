import type { Prisma } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';

type Tx = Prisma.TransactionClient;

/**
 * Notifications of the People area, written in the transaction of the change (as the leave engine's are): the new
 * manager of someone, and the manager of someone leaving. Only the person's name and employee number: a
 * notification is read by people the field-level rules may keep some fields from.
 */
export const peopleNotificationKinds = ['people.new_report', 'people.leaving'] as const;

export async function notifyNewReport(
  tx: Tx,
  tenantId: string,
  managerEmployeeId: string,
  person: { id: string; employeeNumber: number; name: string },
): Promise<void> {
  const manager = await tx.employee.findUnique({ where: { id: managerEmployeeId }, select: { userId: true } });
  if (!manager?.userId) return;
  await writeNotifications(tx, [
    {
      tenantId,
      userId: manager.userId,
      kind: 'people.new_report',
      title: `${person.name} now reports to you`,
      body: `${person.name} (employee ${person.employeeNumber}) has you as their manager from now on.`,
      data: { employeeId: person.id },
    },
  ]);
}

export async function notifyLeaving(
  tx: Tx,
  tenantId: string,
  person: { id: string; employeeNumber: number; name: string; managerId: string | null },
  lastDay: string,
): Promise<void> {
  if (!person.managerId) return;
  const manager = await tx.employee.findUnique({ where: { id: person.managerId }, select: { userId: true } });
  if (!manager?.userId) return;
  await writeNotifications(tx, [
    {
      tenantId,
      userId: manager.userId,
      kind: 'people.leaving',
      title: `${person.name} is leaving`,
      body: `The last day of ${person.name} (employee ${person.employeeNumber}) is ${lastDay}.`,
      data: { employeeId: person.id, terminationDate: lastDay },
    },
  ]);
}
