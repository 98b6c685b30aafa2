import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { fromUtcDate, toUtcDate, type IsoDate } from '../../lib/calendar/isoDate';
import type { Actor } from '../access/actor';
import { isHrRole } from '../access/roles';
import { AppError } from '../appError';
import { createLifecycleProcess } from '../lifecycle/createProcess';
import type { Clock } from '../clock';
import { tenantToday } from '../leave/tenantCalendar';
import { emitPeopleWebhookEvent } from '../webhooks/emitters';
import { findVisiblePerson } from './getPerson';
import { notifyLeaving } from './peopleNotifications';
import { lockOrganisation } from '../organization/organisationLock';
import { personInclude, personViewOf, type PersonView } from './personView';
import type { PersonSeal } from './sealedFields';

/**
 * Records that a person leaves: their last day and why. HR_MANAGER, ADMIN or OWNER only; once per person (409 when
 * a termination is already recorded, naming its date). The person is `leaving` until the last day has passed, then
 * `terminated`. The answer warns when people still report to them. The person's offboarding process is created in
 * the same transaction (engines/lifecycle: its tasks, and on the last day their user deactivated and credentials
 * revoked); the caller starts its workflow after commit.
 */
export async function terminatePerson(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: { terminationDate: IsoDate; reason: string },
  clock: Clock,
  seal: PersonSeal,
): Promise<{ person: PersonView; warnings: string[]; offboardingProcessId: string }> {
  if (!isHrRole(actor.user.role))
    throw new AppError('forbidden', 'Only an HR_MANAGER, ADMIN or OWNER records a termination');
  await findVisiblePerson(prisma, actor, id);
  const tenantId = actor.tenant.id;
  const { row, today, reports, processId } = await prisma.$transaction(async (tx) => {
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
    const offboarding = await createLifecycleProcess(tx, {
      tenantId,
      kind: 'offboarding',
      employeeId: id,
      anchorDate: input.terminationDate,
      source: 'termination',
      reason: input.reason,
      createdByUserId: actor.user.id,
    });
    return {
      row: updated,
      today: (await tenantToday(tx, tenantId, clock)).today,
      reports: reportCount,
      processId: offboarding.processId,
    };
  });
  const warnings =
    reports > 0
      ? [`${reports} ${reports === 1 ? 'person reports' : 'people report'} to ${row.name}: give them a new manager`]
      : [];
  return { person: personViewOf(actor, row, today, seal), warnings, offboardingProcessId: processId };
}

/**
 * Takes back a recorded termination before the last day has passed (Offboarding's cancel, under the caller's
 * transaction and the offboarding process's lock): the person is `active` again. 409 once the last day is over.
 */
export async function withdrawTermination(
  tx: Prisma.TransactionClient,
  tenantId: string,
  id: string,
  clock: Clock,
): Promise<void> {
  await lockOrganisation(tx, tenantId);
  const person = await tx.employee.findFirstOrThrow({ where: { id, tenantId } });
  if (!person.terminationDate) return;
  const lastDay = fromUtcDate(person.terminationDate);
  const { today } = await tenantToday(tx, tenantId, clock);
  if (lastDay < today) throw new AppError('conflict', `The last day, ${lastDay}, has passed: the person has left`);
  const updated = await tx.employee.update({
    where: { id },
    data: { terminationDate: null, terminationReason: null },
    include: personInclude,
  });
  await emitPeopleWebhookEvent(tx, 'people.employee.updated', updated, ['terminationDate']);
}
