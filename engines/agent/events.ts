import type { Prisma } from '../../db/models';
import { emitRunWebhookEvent } from '../webhooks/emitters';
import type { RunEventName } from './runStates';
import type { Db } from '../../db/handle';

/** The channel every run event is announced on, as `<runId>:<seq>` (api/runEvents listens to it). */
export const runEventChannel = 'svc_hr_run_events';

/** A stored run event, as the SSE stream sends it. */
export interface RunEvent {
  seq: number;
  event: string;
  data: unknown;
  createdAt: Date;
}

/**
 * Appends an event to a run with the next per-run sequence number, and announces it on `svc_hr_run_events`.
 * Call it inside the transaction that makes the state change, after `lockRun`: the lock serialises the run's
 * writers, so sequence numbers never collide, and Postgres delivers the notice only when that transaction commits,
 * so a listener never hears of an event it cannot read.
 */
export async function appendRunEvent(
  tx: Db,
  run: { id: string; tenantId: string },
  event: RunEventName,
  data: Record<string, unknown> = {},
): Promise<number> {
  const last = await tx.agentRunEvent.aggregate({ where: { runId: run.id }, _max: { seq: true } });
  const seq = (last._max.seq ?? 0) + 1;
  await tx.agentRunEvent.create({
    data: {
      tenantId: run.tenantId,
      runId: run.id,
      seq,
      event,
      data: { runId: run.id, ...data } as Prisma.InputJsonValue,
    },
  });
  await tx.$executeRaw`SELECT pg_notify(${runEventChannel}, ${`${run.id}:${seq}`})`;
  // The webhook outbox rows of the same event, in the same transaction (engines/webhooks/outbox.ts).
  await emitRunWebhookEvent(tx, run, event, data);
  return seq;
}

/** The run's events after `afterSeq`, in order (at most `limit`). */
export async function listRunEvents(db: Db, runId: string, afterSeq: number, limit = 500): Promise<RunEvent[]> {
  const rows = await db.agentRunEvent.findMany({
    where: { runId, seq: { gt: afterSeq } },
    orderBy: { seq: 'asc' },
    take: limit,
    select: { seq: true, event: true, data: true, createdAt: true },
  });
  return rows;
}
