import { randomBytes } from 'node:crypto';
import { createDatabase, databaseUrl, dropDatabase, listDatabases } from '../../db/databaseAdmin';
import { runMigrations } from '../../db/migrate';
import { createPrismaClient, type PrismaClient } from '../../db/prismaClient';

/**
 * Test databases on the real PostgreSQL server. jest's globalSetup migrates one template database per run
 * (`svc_hr_test_<runId>_template`); each test file copies it with CREATE DATABASE ... TEMPLATE, which takes
 * a fraction of a second and isolates the file's data. Every database of a run shares the prefix
 * `svc_hr_test_<runId>_`, so the run drops exactly its own databases, even beside another run on the same server.
 */

const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432';

const prefixOf = (runId: string) => `svc_hr_test_${runId}_`;

/** Creates and migrates this run's template database (globalSetup); `dropAll` removes all of the run's databases. */
export async function prepareTemplateDatabase(): Promise<{
  templateName: string;
  serverUrl: string;
  runId: string;
  dropAll(): Promise<void>;
}> {
  const serverUrl = process.env.SVC_HR_TEST_PG_URL ?? DEFAULT_SERVER_URL;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const templateName = `${prefixOf(runId)}template`;
  await createDatabase(serverUrl, templateName);
  // runMigrations closes its connection before returning: CREATE DATABASE ... TEMPLATE needs the template idle.
  await runMigrations(databaseUrl(serverUrl, templateName));
  return {
    templateName,
    serverUrl,
    runId,
    dropAll: async () => {
      for (const name of await listDatabases(serverUrl, prefixOf(runId))) await dropDatabase(serverUrl, name);
    },
  };
}

export interface TestDatabase {
  url: string;
  prisma: PrismaClient;
  /** Disconnects `prisma` and drops the database. */
  drop(): Promise<void>;
}

/** A fresh, migrated, empty database for one test file, copied from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = requiredEnv('SVC_HR_TEST_PG_URL');
  const template = requiredEnv('SVC_HR_TEST_TEMPLATE_DB');
  const name = `${prefixOf(requiredEnv('SVC_HR_TEST_RUN_ID'))}${randomBytes(5).toString('hex')}`;
  await createDatabase(serverUrl, name, { template });
  const url = databaseUrl(serverUrl, name);
  const prisma = createPrismaClient(url, { poolMax: 5 });
  return {
    url,
    prisma,
    drop: async () => {
      await prisma.$disconnect();
      await dropDatabase(serverUrl, name);
    },
  };
}

/** The server URL and run id of the current jest run, for tests that create databases of their own. */
export function testServer(): { serverUrl: string; runId: string; prefix: string } {
  const runId = requiredEnv('SVC_HR_TEST_RUN_ID');
  return { serverUrl: requiredEnv('SVC_HR_TEST_PG_URL'), runId, prefix: prefixOf(runId) };
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through jest, whose globalSetup sets it`);
  return value;
}
