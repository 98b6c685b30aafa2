import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client';

// Only the type leaves db/: every client is made by createPrismaClient, so all of them use the driver adapter.
export type { PrismaClient };

// A property rather than a WeakMap entry, so that a Proxy of the client (tests count statements that way) finds it.
const poolKey = Symbol('svc-hr.pgPool');

/**
 * A Prisma client for the PostgreSQL database at `url`, through @prisma/adapter-pg (Prisma 7 has no built-in
 * driver) on a pg pool of our own (see sqlPool). `poolMax` caps its connections: use 1 for the embedded database,
 * which serves one connection at a time. The caller owns the client and ends it, pool included, with `$disconnect()`.
 */
export function createPrismaClient(url: string, opts: { poolMax?: number } = {}): PrismaClient {
  const pool = new pg.Pool({ connectionString: url, ...(opts.poolMax === undefined ? {} : { max: opts.poolMax }) });
  // An idle connection that dies (a database restart) is dropped by the pool and reported here. Prisma's adapter
  // listens too, but only from its first query on, and the audit queue may use the pool before that: without a
  // listener the error would end the process.
  pool.on('error', () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  Object.defineProperty(prisma, poolKey, { value: pool });
  return prisma;
}

/**
 * The pg pool under a client of createPrismaClient, for the few statements on a hot path where Prisma's own cost
 * matters: a raw INSERT through Prisma took ~350 µs of CPU against ~120 µs on the pool as a prepared statement
 * (measured for the audit append, bench/mcp.ts). Sharing the client's pool keeps its connection cap, which the
 * embedded database needs.
 */
export function sqlPool(prisma: PrismaClient): pg.Pool {
  const pool = (prisma as unknown as Record<symbol, pg.Pool | undefined>)[poolKey];
  if (!pool) throw new Error('sqlPool: the client was not made by createPrismaClient');
  return pool;
}
