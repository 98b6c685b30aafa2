import type { Config } from '../../config/env';
import { runMigrations } from '../../db/migrate';
import { createPrismaClient } from '../../db/prismaClient';
import { isDatabaseEmpty, seedDemo } from '../../prisma/seed';
import { createCredentialFromArgs, credentialNouns, type CredentialNoun } from './credential';
import { startApiServer } from '../runtime/apiServer';
import { startControlSocket } from '../runtime/controlSocket';
import { resolveDatabase } from '../runtime/database';
import { lineLog } from '../runtime/log';
import { stopAll, waitForShutdown } from '../runtime/shutdown';
import { resolveTemporal } from '../runtime/temporal';
import { startWorker } from '../runtime/worker';

/**
 * Everything in one process tree for a laptop: Temporal (dev server unless TEMPORAL_ADDRESS), the database
 * (embedded unless DATABASE_URL), migrations, the demo seed on an empty database, the worker and the API.
 * Ctrl-C or SIGTERM stops all of it, last started first.
 */
export async function runStart(config: Config): Promise<number> {
  const log = lineLog('svc-hr');
  const started = Date.now();
  const [temporal, database] = await Promise.all([
    resolveTemporal(config, lineLog('temporal')),
    resolveDatabase(config, lineLog('database')),
  ]);
  const steps: Array<[string, () => Promise<void>]> = [
    ['database', database.stop],
    ['temporal', temporal.stop],
  ];
  try {
    await runMigrations(database.url, { log: lineLog('migrate') });
    const prisma = createPrismaClient(database.url, { poolMax: database.poolMax });
    steps.unshift(['database client', () => prisma.$disconnect()]);
    if (await isDatabaseEmpty(prisma)) {
      log('empty database: seeding the demo tenants (Acme and Globex)');
      await seedDemo(prisma, { clock: config.clock });
    }
    if (database.embedded) {
      // The embedded database has one connection, held here: credential commands run in this process.
      const control = await startControlSocket(config.dataDir, async ({ command, argv }) =>
        command in credentialNouns
          ? createCredentialFromArgs(prisma, command as CredentialNoun, argv)
          : { code: 2, stdout: '', stderr: `unknown command ${command}\n` },
      );
      steps.unshift(['control socket', control.close]);
    }
    const worker = await startWorker(config, prisma, temporal.address, lineLog('worker'));
    steps.unshift(['worker', worker.stop]);
    // The laptop demo serves the example app unless SVC_HR_EXAMPLE_APP=false (svc-hr api serves it only if true).
    const exampleApp = config.exampleApp ?? true;
    const api = await startApiServer({ ...config, exampleApp }, prisma, temporal.address, lineLog('api'));
    steps.unshift(['api', api.stop]);

    const base = config.publicBaseUrl;
    log(`started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    log(`API            ${base}/api/v1   (readiness: ${base}/readyz)`);
    log(`Reference      ${base}/api/v1/reference   (OpenAPI: ${base}/api/v1/openapi.json)`);
    log(`MCP endpoint   ${base}/api/mcp`);
    if (exampleApp) log(`Example app    ${base}/example/   (the React agent panel as a demo user)`);
    log(`Temporal UI    ${temporal.uiUrl ?? `the UI of the cluster at ${temporal.address}`}`);
    log('Demo users     owner@, admin@, hr@, director@, manager@, alice@, bob@, carol@acme.test; hr@, dan@globex.test');
    log(
      'Demo token     npx svc-hr token create --email alice@acme.test --name demo --scopes leave:read,leave:write,agent:run,agent:read,agent:approve',
    );
    log('Press Ctrl-C to stop.');

    const reason = await Promise.race([waitForShutdown(log), worker.finished.then(() => 'worker stopped')]);
    await stopAll(steps, log);
    return reason === 'worker stopped' ? 1 : 0;
  } catch (err) {
    log(`start failed: ${err instanceof Error ? err.message : String(err)}`);
    await stopAll(steps, log);
    return 1;
  }
}
