import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { personFieldAccess, requireWritableFields } from '../access/fieldAccess';
import type { Clock } from '../clock';
import { tenantToday } from '../leave/tenantCalendar';
import { emitPeopleWebhookEvent } from '../webhooks/emitters';
import { findVisiblePerson } from './getPerson';
import { notifyNewReport } from './peopleNotifications';
import { columnsOf, fieldsOf, type PersonInput } from './personInput';
import { lockOrganisation } from '../organization/organisationLock';
import { requireDepartment } from '../organization/references';
import { checkEmailFree, checkManager } from './personRules';
import { personInclude, personViewOf, type PersonView } from './personView';
import type { PersonSeal } from './sealedFields';

/**
 * Changes some fields of a person the actor may see. HR_MANAGER, ADMIN and OWNER change any field; a person
 * changes their own phone, home address and bank account (engines/access/fieldAccess.ts); anything else is 403
 * naming the fields, and nothing is written. A new manager must not make a cycle.
 */
export async function updatePerson(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: PersonInput,
  clock: Clock,
  seal: PersonSeal,
): Promise<PersonView> {
  await findVisiblePerson(prisma, actor, id);
  const fields = fieldsOf(input);
  requireWritableFields(actor, id, fields, personFieldAccess);
  const tenantId = actor.tenant.id;
  const { row, today } = await prisma.$transaction(async (tx) => {
    await lockOrganisation(tx, tenantId);
    const before = await tx.employee.findUniqueOrThrow({ where: { id }, select: { managerId: true } });
    if (input.departmentId) await requireDepartment(tx, tenantId, input.departmentId, 'departmentId');
    if (input.managerId) await checkManager(tx, tenantId, input.managerId, id);
    if (input.email !== undefined) await checkEmailFree(tx, tenantId, input.email, id);
    const updated = await tx.employee.update({
      where: { id },
      data: columnsOf(input, id, seal),
      include: personInclude,
    });
    if (updated.managerId && updated.managerId !== before.managerId) {
      await notifyNewReport(tx, tenantId, updated.managerId, updated);
    }
    if (fields.length > 0) await emitPeopleWebhookEvent(tx, 'people.employee.updated', updated, fields);
    return { row: updated, today: (await tenantToday(tx, tenantId, clock)).today };
  });
  return personViewOf(actor, row, today, seal);
}
