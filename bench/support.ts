import { runMigrations } from '../db/migrate';
import { createDatabase, databaseUrl, dropDatabase } from '../db/databaseAdmin';
import { createPrismaClient, type PrismaClient } from '../db/prismaClient';

const serverUrl = process.env.SVC_HR_BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** A fresh, migrated database on the real PostgreSQL server for one benchmark run, dropped by `drop()`. */
export async function benchDatabase(
  name: string,
  poolMax = 10,
): Promise<{ url: string; prisma: PrismaClient; drop(): Promise<void> }> {
  const db = `svc_hr_bench_${name}_${process.pid}`;
  await dropDatabase(serverUrl, db);
  await createDatabase(serverUrl, db);
  const url = databaseUrl(serverUrl, db);
  await runMigrations(url);
  const prisma = createPrismaClient(url, { poolMax });
  return {
    url,
    prisma,
    drop: async () => {
      await prisma.$disconnect();
      await dropDatabase(serverUrl, db);
    },
  };
}
