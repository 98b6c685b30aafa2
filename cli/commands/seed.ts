import type { Config } from '../../config/env';
import { runMigrations } from '../../db/migrate';
import { createPrismaClient } from '../../db/prismaClient';
import { seedDemo, seedSyntheticTenant } from '../../prisma/seed';
import { resolveDatabase } from '../runtime/database';
import { lineLog } from '../runtime/log';

export async function runSeed(
  config: Config,
  opts: { employees: string | undefined; tenantName: string | undefined },
): Promise<number> {
  const log = lineLog('seed');
  if ((opts.employees === undefined) !== (opts.tenantName === undefined)) {
    log('give both --employees N and --tenant-name X for a synthetic tenant, or neither for the demo tenants');
    return 2;
  }
  const employees = opts.employees === undefined ? undefined : Number(opts.employees);
  if (employees !== undefined && (!Number.isInteger(employees) || employees < 1)) {
    log(`--employees must be a positive integer, not "${opts.employees}"`);
    return 2;
  }
  const database = await resolveDatabase(config, log);
  await runMigrations(database.url, { log });
  const prisma = createPrismaClient(database.url, { poolMax: database.poolMax });
  try {
    const started = Date.now();
    const summary =
      employees !== undefined && opts.tenantName
        ? await seedSyntheticTenant(prisma, { employees, tenantName: opts.tenantName, clock: config.clock })
        : await seedDemo(prisma, { clock: config.clock });
    log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(summary)}`);
    return 0;
  } finally {
    await prisma.$disconnect();
    await database.stop();
  }
}
