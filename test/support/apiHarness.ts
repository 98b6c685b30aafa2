import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app';
import type { AppDeps } from '../../operations/context';
import type { Operation } from '../../operations/defineOperation';
import { testConfig } from './config';
import { createTestDatabase, type TestDatabase } from './database';
import { seedDemoTenants } from './identity';

export interface ApiHarness {
  db: TestDatabase;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The API on a fresh test database with the demo tenants, called through `app.inject()` (no network).
 * Each test file gets its own database, so tests can write freely.
 */
export async function startApiHarness(
  env: Record<string, string> = {},
  extra: Partial<AppDeps> = {},
  operations?: readonly Operation[],
): Promise<ApiHarness> {
  const db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  const app = await buildApp(
    {
      config: testConfig(env),
      prisma: db.prisma,
      readinessChecks: [],
      logger: false,
      ...extra,
    },
    operations,
  );
  return {
    db,
    app,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}
