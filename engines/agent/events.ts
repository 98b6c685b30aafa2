import { emitRunWebhookEvent, isRunWebhookEvent } from '../webhooks/emitters';
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
  // One statement, one round trip: the next seq, the row (stamped at the statement's own time, as the client's insert
  // was) and the notice; the CTE that notifies is referenced, so it runs. For a webhook event the same statement
  // reads the run's user, thread and status and whether any of the user's enabled webhooks takes the event, so an
  // event nobody subscribed to costs no further round trip, and one that is costs no re-read of the run.
  const json = JSON.stringify({ runId: run.id, ...data });
  const hookable = isRunWebhookEvent(event);
  const [added] = await tx.$queryRaw<
    Array<{ seq: number; userId: string | null; threadId: string | null; status: string | null; hooked: boolean }>
  >`
    WITH next AS (SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM agent_run_events WHERE run_id = ${run.id}::uuid),
    added AS (
      INSERT INTO agent_run_events (tenant_id, run_id, seq, event, data, created_at)
      SELECT ${run.tenantId}::uuid, ${run.id}::uuid, next.seq, ${event}, ${json}::jsonb, clock_timestamp() FROM next
      RETURNING seq
    ),
    notified AS (SELECT pg_notify(${runEventChannel}::text, ${run.id}::text || ':' || added.seq) FROM added),
    owner AS (
      SELECT r.user_id, r.thread_id, r.status FROM agent_runs r WHERE ${hookable} AND r.id = ${run.id}::uuid
    )
    SELECT added.seq, owner.user_id::text AS "userId", owner.thread_id::text AS "threadId", owner.status,
           COALESCE((SELECT TRUE FROM agent_webhooks w
                      WHERE w.tenant_id = ${run.tenantId}::uuid AND w.created_by_user_id = owner.user_id
                        AND w.status = 'enabled' AND ${event} = ANY (w.events)
                      LIMIT 1), FALSE) AS hooked
      FROM added CROSS JOIN notified LEFT JOIN owner ON TRUE`;
  const seq = added!.seq;
  // The webhook outbox rows of the same event, in the same transaction (engines/webhooks/outbox.ts).
  if (added!.hooked && added!.userId && added!.threadId && added!.status) {
    const known = { userId: added!.userId, threadId: added!.threadId, status: added!.status };
    await emitRunWebhookEvent(tx, run, event, data, known);
  }
  return seq;
}

/**
 * Appends several events of one kind to a run, in order, in one statement (a reply's `message.delta` events): as
 * appendRunEvent would one by one, under the same lock, each announced. Events that may have webhooks go one by one
 * through appendRunEvent, which writes their outbox rows.
 */
export async function appendRunEvents(
  tx: Db,
  run: { id: string; tenantId: string },
  event: RunEventName,
  datas: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  if (isRunWebhookEvent(event)) {
    for (const data of datas) await appendRunEvent(tx, run, event, data);
    return;
  }
  if (datas.length === 0) return;
  const jsons = datas.map((data) => JSON.stringify({ runId: run.id, ...data }));
  await tx.$queryRaw`
    WITH last AS (SELECT COALESCE(MAX(seq), 0) AS seq FROM agent_run_events WHERE run_id = ${run.id}::uuid),
    added AS (
      INSERT INTO agent_run_events (tenant_id, run_id, seq, event, data, created_at)
      SELECT ${run.tenantId}::uuid, ${run.id}::uuid, last.seq + d.n, ${event}, d.data::jsonb, clock_timestamp()
        FROM last CROSS JOIN unnest(${jsons}::text[]) WITH ORDINALITY AS d (data, n)
      RETURNING seq
    ),
    notified AS (SELECT pg_notify(${runEventChannel}::text, ${run.id}::text || ':' || added.seq) FROM added)
    SELECT COUNT(*)::int AS count FROM notified`;
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
