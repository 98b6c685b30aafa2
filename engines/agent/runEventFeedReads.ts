import { sqlPool, type PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import type { RunEvent } from './events';

/**
 * The reads of a run's event stream, as named prepared statements on the client's pg pool (db/prismaClient.ts
 * sqlPool) rather than Prisma queries: a stream reads once when it opens and once per wake-up, so with a thousand
 * streams these are the API process's hottest reads, and a Prisma read costs several times the CPU and the garbage
 * of the same prepared statement (bench/streams.ts). Same rows, same order, same types (jsonb parsed, timestamptz
 * as a Date) as the Prisma reads they replace.
 */

const eventsAfter = {
  name: 'svc_hr_stream_run_events_after',
  text:
    'SELECT seq, event, data, created_at AS "createdAt" FROM agent_run_events ' +
    'WHERE run_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
};

const ownRun = {
  name: 'svc_hr_stream_own_run',
  text: 'SELECT id::text AS id, status FROM agent_runs WHERE id = $1 AND tenant_id = $2 AND user_id = $3',
};

const runStatus = {
  name: 'svc_hr_stream_run_status',
  text: 'SELECT status FROM agent_runs WHERE id = $1',
};

/** The run's events after `afterSeq`, in order (at most `limit`): engines/agent/events.ts listRunEvents on the pool. */
export async function streamRunEventsAfter(
  prisma: PrismaClient,
  runId: string,
  afterSeq: number,
  limit = 500,
): Promise<RunEvent[]> {
  const { rows } = await sqlPool(prisma).query<RunEvent>({ ...eventsAfter, values: [runId, afterSeq, limit] });
  return rows;
}

/** The actor's own run (its id and status) for a stream to open on; 404 for anyone else's, as findOwnRun. */
export async function findOwnRunToStream(
  prisma: PrismaClient,
  actor: Actor,
  runId: string,
): Promise<{ id: string; status: string }> {
  const { rows } = await sqlPool(prisma).query<{ id: string; status: string }>({
    ...ownRun,
    values: [runId, actor.tenant.id, actor.user.id],
  });
  const run = rows[0];
  if (!run) throw new AppError('not_found', 'No such run');
  return run;
}

/** The run's status, or undefined when there is no such run. */
export async function streamRunStatus(prisma: PrismaClient, runId: string): Promise<string | undefined> {
  const { rows } = await sqlPool(prisma).query<{ status: string }>({ ...runStatus, values: [runId] });
  return rows[0]?.status;
}
