import type { LifecycleProcess, Prisma } from '../../db/models';
import { fromUtcDate } from '../../lib/calendar/isoDate';
import { emitLifecycleWebhookEvent } from '../webhooks/emitters';

/** What a process's webhook events say of it (never the reason of a termination). */
export function processFacts(row: LifecycleProcess) {
  return {
    tenantId: row.tenantId,
    id: row.id,
    kind: row.kind,
    employeeId: row.employeeId,
    anchorDate: fromUtcDate(row.anchorDate),
    status: row.status,
  };
}

/** The `<kind>.process.started` event of a process just made, whatever made it (a hire, HR, a termination). */
export async function emitProcessStarted(tx: Prisma.TransactionClient, row: LifecycleProcess): Promise<void> {
  await emitLifecycleWebhookEvent(
    tx,
    row.kind === 'onboarding' ? 'onboarding.process.started' : 'offboarding.process.started',
    processFacts(row),
    { source: row.source },
  );
}
