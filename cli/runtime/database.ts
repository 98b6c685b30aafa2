import path from 'node:path';
import type { Config } from '../../config/env';
import { startEmbeddedPostgres } from '../../db/embeddedPostgres';
import type { LineLog } from './log';

export interface DatabaseHandle {
  url: string;
  /** Pool size the process may use: the embedded server serves one connection at a time. */
  poolMax: number;
  embedded: boolean;
  stop(): Promise<void>;
}

/** `DATABASE_URL` when set; otherwise the embedded PGlite database persisted under the data dir. */
export async function resolveDatabase(config: Config, log: LineLog): Promise<DatabaseHandle> {
  if (config.database.url) {
    return { url: config.database.url, poolMax: config.database.poolMax, embedded: false, stop: async () => {} };
  }
  log(`no DATABASE_URL: starting the embedded database in ${path.join(config.dataDir, 'pglite')}`);
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.database.embeddedPort, log });
  return { url: embedded.url, poolMax: 1, embedded: true, stop: embedded.stop };
}
