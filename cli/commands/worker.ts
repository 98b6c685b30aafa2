import type { Config } from '../../config/env';
import { createPrismaClient } from '../../db/prismaClient';
import { resolveDatabase } from '../runtime/database';
import { lineLog } from '../runtime/log';
import { stopAll, waitForShutdown } from '../runtime/shutdown';
import { startWorker } from '../runtime/worker';

/** A Temporal worker alone: needs TEMPORAL_ADDRESS. */
export async function runWorker(config: Config): Promise<number> {
  const log = lineLog('worker');
  if (!config.temporal.address) {
    log('TEMPORAL_ADDRESS is required for `svc-hr worker` (use `svc-hr start` to run everything locally)');
    return 2;
  }
  const database = await resolveDatabase(config, log);
  const prisma = createPrismaClient(database.url, { poolMax: database.poolMax });
  const worker = await startWorker(config, prisma, config.temporal.address, log);
  const reason = await Promise.race([waitForShutdown(log), worker.finished.then(() => 'worker stopped')]);
  await stopAll(
    [
      ['worker', worker.stop],
      ['database client', () => prisma.$disconnect()],
      ['database', database.stop],
    ],
    log,
  );
  return reason === 'worker stopped' ? 1 : 0;
}
