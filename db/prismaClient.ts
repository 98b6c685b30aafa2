import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

// Only the type leaves db/: every client is made by createPrismaClient, so all of them use the driver adapter.
export type { PrismaClient };

/**
 * A Prisma client for the PostgreSQL database at `url`, through @prisma/adapter-pg (Prisma 7 has no built-in
 * driver). `poolMax` caps its connections: use 1 for the embedded database, which serves one connection at a time.
 * The caller owns the client and ends it with `$disconnect()`.
 */
export function createPrismaClient(url: string, opts: { poolMax?: number } = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: url, ...(opts.poolMax === undefined ? {} : { max: opts.poolMax }) });
  return new PrismaClient({ adapter });
}
