import type { PrismaClient } from '../../db/prismaClient';
import { fromUtcDate, toUtcDate, type IsoDate } from '../../lib/calendar/isoDate';
import type { Actor } from '../access/actor';
import { isHrRole } from '../access/roles';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { tenantToday } from '../leave/tenantCalendar';
import { emitPeopleWebhookEvent } from '../webhooks/emitters';
import { findVisiblePerson } from './getPerson';
import { notifyLeaving } from './peopleNotifications';
import { lockOrganisation } from '../organization/organisationLock';
import { personInclude, personViewOf, type PersonView } from './personView';

/**
 * Records that a person leaves: their last day and why. HR_MANAGER, ADMIN or OWNER only; once per person (409 when
 * a termination is already recorded, naming its date). The person is `leaving` until the last day has passed, then
 * `terminated`. The answer warns when people still report to them. Offboarding (credentials revoked on the last
 * day, equipment, final pay) is its own area and not part of this.
 */
export async function terminatePerson(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: { terminationDate: IsoDate; reason: string },
  clock: Clock,
): Promise<{ person: PersonView; warnings: string[] }> {
  if (!isHrRole(actor.user.role))
    throw new AppError('forbidden', 'Only an HR_MANAGER, ADMIN or OWNER records a termination');
  await findVisiblePerson(prisma, actor, id);
  const tenantId = actor.tenant.id;
  const { row, today, reports } = await prisma.$transaction(async (tx) => {
    await lockOrganisation(tx, tenantId);
    const person = await tx.employee.findUniqueOrThrow({ where: { id } });
    if (person.terminationDate) {
      throw new AppError(
        'conflict',
        `A termination is already recorded: the last day is ${fromUtcDate(person.terminationDate)}`,
      );
    }
    const hireDate = fromUtcDate(person.hireDate);
    if (input.terminationDate < hireDate) {
      throw new AppError('validation_error', `terminationDate: must be on or after the hire date, ${hireDate}`);
    }
    const updated = await tx.employee.update({
      where: { id },
      data: { terminationDate: toUtcDate(input.terminationDate), terminationReason: input.reason },
      include: personInclude,
    });
    await notifyLeaving(tx, tenantId, updated, input.terminationDate);
    await emitPeopleWebhookEvent(tx, 'people.employee.terminated', updated, ['terminationDate']);
    const reportCount = await tx.employee.count({ where: { tenantId, managerId: id, terminationDate: null } });
    return { row: updated, today: (await tenantToday(tx, tenantId, clock)).today, reports: reportCount };
  });
  const warnings =
    reports > 0
      ? [`${reports} ${reports === 1 ? 'person reports' : 'people report'} to ${row.name}: give them a new manager`]
      : [];
  return { person: personViewOf(actor, row, today), warnings };
}
