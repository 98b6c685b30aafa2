import type { Config } from '../../config/env';
import { createPrismaClient } from '../../db/prismaClient';
import { startApiServer } from '../runtime/apiServer';
import { resolveDatabase } from '../runtime/database';
import { lineLog } from '../runtime/log';
import { stopAll, waitForShutdown } from '../runtime/shutdown';

/** The API alone: needs TEMPORAL_ADDRESS (a worker and Temporal run elsewhere). */
export async function runApi(config: Config): Promise<number> {
  const log = lineLog('api');
  if (!config.temporal.address) {
    log('TEMPORAL_ADDRESS is required for `svc-hr api` (use `svc-hr start` to run everything locally)');
    return 2;
  }
  const database = await resolveDatabase(config, log);
  const prisma = createPrismaClient(database.url, { poolMax: database.poolMax });
  const api = await startApiServer(config, prisma, config.temporal.address, log);
  await waitForShutdown(log);
  await stopAll(
    [
      ['api', api.stop],
      ['database client', () => prisma.$disconnect()],
      ['database', database.stop],
    ],
    log,
  );
  return 0;
}
