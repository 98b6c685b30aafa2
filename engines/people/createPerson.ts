import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { personFieldAccess, requireWritableFields } from '../access/fieldAccess';
import { isHrRole } from '../access/roles';
import { AppError } from '../appError';
import { createOnboardingProcess } from '../lifecycle/onboardingStart';
import type { Clock } from '../clock';
import { tenantToday } from '../leave/tenantCalendar';
import { emitPeopleWebhookEvent } from '../webhooks/emitters';
import { notifyNewReport } from './peopleNotifications';
import { columnsOf, fieldsOf, type PersonInput } from './personInput';
import { lockOrganisation } from '../organization/organisationLock';
import { requireDepartment } from '../organization/references';
import { checkEmailFree, checkManager, nextEmployeeNumber } from './personRules';
import { personInclude, personViewOf, type PersonView } from './personView';
import type { PersonSeal } from './sealedFields';
import { uuidv7 } from '../../db/uuidv7';

/** For a caller whose input holds no sealed field: sealing one would be a bug, not a clear value written. */
const noSealedFields: PersonSeal = {
  seal: (_id, field) => {
    throw new Error(`insertPerson: ${field} given without a PersonSeal`);
  },
  open: (_id, _field, stored) => stored,
};

export type NewPerson = PersonInput & Required<Pick<PersonInput, 'name' | 'email' | 'jobTitle' | 'hireDate'>>;

/**
 * Adds an employee to the actor's workspace: HR_MANAGER, ADMIN or OWNER only. The employee number is the next of
 * the workspace; the manager and the department must be the workspace's; the e-mail address is the person's own.
 * One transaction: the row, the new manager's notification and the webhook event, or nothing; with
 * `startOnboarding`, their onboarding process too (engines/lifecycle, from the hire date), whose workflow the caller
 * starts after the commit.
 */
export async function createPerson(
  prisma: PrismaClient,
  actor: Actor,
  input: NewPerson,
  clock: Clock,
  seal: PersonSeal,
  opts: { startOnboarding?: boolean } = {},
): Promise<{ person: PersonView; onboardingProcessId: string | null }> {
  if (!isHrRole(actor.user.role)) {
    throw new AppError('forbidden', 'Only an HR_MANAGER, ADMIN or OWNER adds people to the workspace');
  }
  requireWritableFields(actor, null, fieldsOf(input), personFieldAccess);
  const tenantId = actor.tenant.id;
  const { row, today, onboarding } = await prisma.$transaction(async (tx) => {
    const created = await insertPerson(tx, tenantId, input, seal);
    const onboarding = opts.startOnboarding
      ? await createOnboardingProcess(tx, {
          tenantId,
          employeeId: created.id,
          startDate: input.hireDate,
          source: 'new_employee',
          createdByUserId: actor.user.id,
        })
      : undefined;
    return { row: created, today: (await tenantToday(tx, tenantId, clock)).today, onboarding };
  });
  return { person: personViewOf(actor, row, today, seal), onboardingProcessId: onboarding?.processId ?? null };
}

/**
 * People's rules for a new employee, inside the caller's transaction: the workspace's organisation lock, the
 * department and manager of the workspace (no cycle), an e-mail address nobody else has (409), the next employee
 * number; then the row, the new manager's notification and the webhook event. Who may add a person is the
 * caller's to decide (createPerson: HR; an accepted offer: engines/ats/offerAcceptance.ts). `seal` is needed only
 * when the input holds a sealed field (sealedFields.ts); an offer's does not.
 */
export async function insertPerson(
  tx: Prisma.TransactionClient,
  tenantId: string,
  input: NewPerson,
  seal: PersonSeal = noSealedFields,
) {
  await lockOrganisation(tx, tenantId);
  if (input.departmentId) await requireDepartment(tx, tenantId, input.departmentId, 'departmentId');
  if (input.managerId) await checkManager(tx, tenantId, input.managerId, null);
  await checkEmailFree(tx, tenantId, input.email, null);
  const employeeNumber = await nextEmployeeNumber(tx, tenantId);
  // The id is made here: the sealed fields are bound to it before the row exists.
  const id = uuidv7();
  const columns = columnsOf(input, id, seal);
  const created = await tx.employee.create({
    data: {
      ...(columns as object),
      id,
      tenantId,
      employeeNumber,
      name: input.name,
      email: input.email,
      jobTitle: input.jobTitle,
      hireDate: new Date(`${input.hireDate}T00:00:00.000Z`),
    },
    include: personInclude,
  });
  if (created.managerId) await notifyNewReport(tx, tenantId, created.managerId, created);
  await emitPeopleWebhookEvent(tx, 'people.employee.created', created);
  return created;
}
