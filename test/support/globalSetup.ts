import { defaultTestToday } from './clock';
import { prepareTemplateDatabase } from './database';
import { startTestTemporal } from './temporalServer';

/**
 * Runs once per `jest` run: a fresh, migrated template database on the real PostgreSQL server and a real
 * Temporal dev server on free ports with a throwaway db file. Test files read their addresses from env vars
 * (set here, inherited by jest's worker processes) through test/support helpers.
 */
export default async function globalSetup(): Promise<void> {
  const [database, temporal] = await Promise.all([prepareTemplateDatabase(), startTestTemporal()]);
  process.env.SVC_HR_TEST_TEMPLATE_DB = database.templateName;
  process.env.SVC_HR_TEST_PG_URL = database.serverUrl;
  process.env.SVC_HR_TEST_RUN_ID = database.runId;
  process.env.SVC_HR_TEST_TEMPORAL_ADDRESS = temporal.address;
  // One calendar for the whole run, the same instant in every worker and spawned process (test/support/clock.ts).
  process.env.SVC_HR_TODAY ??= defaultTestToday;
  process.env.SVC_HR_TODAY_SINCE = String(Date.now());
  (globalThis as { __svcHrTeardown?: () => Promise<void> }).__svcHrTeardown = async () => {
    await temporal.stop();
    await database.dropAll();
  };
}
