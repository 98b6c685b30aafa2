import type { PrismaClient } from '../db/prismaClient';

/** What the health probe proves: this worker ran an activity and read the database's clock. */
export interface ProbeResult {
  /** The database's `now()`, ISO 8601 UTC. */
  databaseTime: string;
  /** The identity of the worker that ran the activity (as the Temporal UI shows it). */
  workerIdentity: string;
}

/** Builds the `probeDatabase` activity: one `SELECT now()` through the worker's own Prisma client. */
export function createProbeDatabase(deps: { prisma: PrismaClient; identity: string }): () => Promise<ProbeResult> {
  return async function probeDatabase(): Promise<ProbeResult> {
    const rows = await deps.prisma.$queryRaw<{ now: Date | string }[]>`SELECT now() AS now`;
    const now = rows[0]?.now;
    if (now === undefined) throw new Error('SELECT now() returned no row');
    return { databaseTime: new Date(now).toISOString(), workerIdentity: deps.identity };
  };
}
