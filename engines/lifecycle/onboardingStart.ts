import type { Prisma } from '../../db/models';
import type { IsoDate } from '../../lib/calendar/isoDate';
import { createLifecycleProcess } from './createProcess';
import { startLifecycleWorkflow, type LifecycleProcessPort } from './lifecyclePort';

/**
 * How other areas start a person's onboarding: ATS on a hire (an accepted offer), People on a new employee. Create
 * the process inside your transaction, then start its workflow after the commit (if that start is lost, the
 * worker's reconciler starts it).
 */

/**
 * Creates the onboarding process of an employee from the tenant's template (or the built-in list), tasks due from
 * `startDate`. Idempotent per employee: a second call answers the existing process with created=false.
 */
export async function createOnboardingProcess(
  tx: Prisma.TransactionClient,
  input: {
    tenantId: string;
    employeeId: string;
    startDate: IsoDate;
    source: 'hire' | 'new_employee' | 'manual';
    offerId?: string;
    createdByUserId?: string;
  },
): Promise<{ processId: string; created: boolean }> {
  return createLifecycleProcess(tx, {
    tenantId: input.tenantId,
    kind: 'onboarding',
    employeeId: input.employeeId,
    anchorDate: input.startDate,
    source: input.source,
    ...(input.offerId === undefined ? {} : { offerId: input.offerId }),
    ...(input.createdByUserId === undefined ? {} : { createdByUserId: input.createdByUserId }),
  });
}

/**
 * Starts the workflow of an onboarding process after its commit: pass `ctx.deps.lifecycleProcesses` (absent where
 * Temporal does not run). Starting it twice is harmless; a failure is logged and left to the reconciler.
 */
export async function startOnboardingWorkflow(
  temporal: LifecycleProcessPort | undefined,
  tenantId: string,
  processId: string,
  log?: { warn(obj: object, msg: string): void },
): Promise<void> {
  await startLifecycleWorkflow(temporal, { tenantId, processId, kind: 'onboarding' }, log);
}
