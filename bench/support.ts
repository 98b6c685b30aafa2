import type { FastifyInstance } from 'fastify';
import { buildApp } from '../api/app';
import { loadConfig } from '../config/env';
import { runMigrations } from '../db/migrate';
import { createDatabase, databaseUrl, dropDatabase } from '../db/databaseAdmin';
import { createPrismaClient, type PrismaClient } from '../db/prismaClient';
import { issueForEmail } from '../engines/tokens/credentials';
import { seedDemo } from '../prisma/seed';
import { systemClock } from '../engines/clock';

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

/**
 * The demo tenants, a personal access token of alice@acme.test and the full-pipeline app on `db`: what the request
 * benchmarks measure. The rate limit runs (it is part of the pipeline) with a budget no benchmark can exhaust.
 */
export async function benchApp(db: { prisma: PrismaClient }): Promise<{ app: FastifyInstance; token: string }> {
  await seedDemo(db.prisma, { clock: systemClock });
  const { secret } = await issueForEmail(db.prisma, {
    email: 'alice@acme.test',
    kind: 'personal_access_token',
    name: 'bench',
    scopes: ['leave:read'],
    expiresAt: null,
  });
  const config = loadConfig({ LOG_LEVEL: 'silent', SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000000' } as NodeJS.ProcessEnv);
  const app = await buildApp({ config, prisma: db.prisma, readinessChecks: [], logger: true });
  return { app, token: secret };
}
