import type { PrismaClient } from '../../db/prismaClient';
import type { IsoDate } from '../../lib/calendar/isoDate';
import type { Actor } from '../access/actor';
import { requireLifecycleManager } from '../access/lifecycleAccess';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import type { LifecycleProcessRef } from '../lifecycle/lifecyclePort';
import { processFacts } from '../lifecycle/processEvents';
import { getProcess, lockProcess, type ProcessWithTasks } from '../lifecycle/processes';
import { lockOrganisation } from '../organization/organisationLock';
import { terminatePerson, withdrawTermination } from '../people/terminatePerson';
import type { PersonView } from '../people/personView';
import type { PersonSeal } from '../people/sealedFields';
import { emitLifecycleWebhookEvent } from '../webhooks/emitters';

/**
 * Terminations (Offboarding): recorded through People's engine, which creates the offboarding process in the same
 * transaction (one code path with People's terminate_person); its workflow deactivates the leaver after the last
 * day. HR cancels one before then: People's termination is withdrawn and nothing happens on the day.
 */

export async function recordTermination(
  prisma: PrismaClient,
  actor: Actor,
  input: { employeeId: string; lastDay: IsoDate; reason: string },
  clock: Clock,
  seal: PersonSeal,
  start: (ref: LifecycleProcessRef) => Promise<void>,
): Promise<ProcessWithTasks & { person: PersonView; warnings: string[] }> {
  requireLifecycleManager(actor, 'record a termination');
  const found = await prisma.employee.count({ where: { id: input.employeeId, tenantId: actor.tenant.id } });
  if (found === 0)
    throw new AppError('validation_error', `employeeId: no employee ${input.employeeId} in this workspace`);
  const { person, warnings, offboardingProcessId } = await terminatePerson(
    prisma,
    actor,
    input.employeeId,
    { terminationDate: input.lastDay, reason: input.reason },
    clock,
    seal,
  );
  await start({ tenantId: actor.tenant.id, processId: offboardingProcessId, kind: 'offboarding' });
  return { ...(await getProcess(prisma, actor, 'offboarding', offboardingProcessId)), person, warnings };
}

/**
 * HR cancels a termination before the last day has passed: the process is CANCELLED, People's termination is
 * withdrawn (the person is active again), and the workflow ends without touching the user. 409 once the leaver
 * was deactivated or the process is already cancelled.
 */
export async function cancelTermination(
  prisma: PrismaClient,
  actor: Actor,
  processId: string,
  clock: Clock,
): Promise<{ result: ProcessWithTasks; ref: LifecycleProcessRef }> {
  requireLifecycleManager(actor, 'cancel a termination');
  const tenantId = actor.tenant.id;
  await getProcess(prisma, actor, 'offboarding', processId);
  await prisma.$transaction(async (tx) => {
    // The organisation's lock first, as People's termination takes it before the process row.
    await lockOrganisation(tx, tenantId);
    const process = await lockProcess(tx, tenantId, processId);
    if (process.status === 'CANCELLED') throw new AppError('conflict', 'The offboarding is already CANCELLED');
    if (process.deactivatedAt) {
      throw new AppError(
        'conflict',
        `The last day has passed: the user was deactivated at ${process.deactivatedAt.toISOString()}`,
      );
    }
    await withdrawTermination(tx, tenantId, process.employeeId, clock);
    const cancelled = await tx.lifecycleProcess.update({ where: { id: processId }, data: { status: 'CANCELLED' } });
    await emitLifecycleWebhookEvent(tx, 'offboarding.process.cancelled', processFacts(cancelled));
  });
  return {
    result: await getProcess(prisma, actor, 'offboarding', processId),
    ref: { tenantId, processId, kind: 'offboarding' },
  };
}
