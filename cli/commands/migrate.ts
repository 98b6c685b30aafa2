import type { Config } from '../../config/env';
import { runMigrations } from '../../db/migrate';
import { resolveDatabase } from '../runtime/database';
import { lineLog } from '../runtime/log';

export async function runMigrate(config: Config): Promise<number> {
  const log = lineLog('migrate');
  const database = await resolveDatabase(config, log);
  try {
    const { applied } = await runMigrations(database.url, { log });
    log(applied.length === 0 ? 'database is up to date' : `applied ${applied.length}: ${applied.join(', ')}`);
    return 0;
  } finally {
    await database.stop();
  }
}
