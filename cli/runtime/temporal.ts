import path from 'node:path';
import type { Config } from '../../config/env';
import { ensureTemporalCli } from '../../temporal/devServer/cliBinary';
import { startDevServer } from '../../temporal/devServer/devServer';
import { projectRoot } from './projectRoot';
import type { LineLog } from './log';

export interface TemporalHandle {
  address: string;
  uiUrl: string | undefined;
  stop(): Promise<void>;
}

/**
 * `TEMPORAL_ADDRESS` when set; otherwise the Temporal dev server, persisted to `<dataDir>/temporal.db` so
 * runs survive restarts (DESIGN.md section 7).
 */
export async function resolveTemporal(config: Config, log: LineLog): Promise<TemporalHandle> {
  if (config.temporal.address) {
    return { address: config.temporal.address, uiUrl: undefined, stop: async () => {} };
  }
  const binary = await ensureTemporalCli({
    ...(config.temporal.cliPath ? { cliPath: config.temporal.cliPath } : {}),
    version: config.temporal.cliVersion,
    projectDir: projectRoot(),
    log,
  });
  const server = await startDevServer({
    binary,
    dbFile: path.join(config.dataDir, 'temporal.db'),
    port: config.temporal.port,
    uiPort: config.temporal.uiPort,
    headless: false,
    namespace: config.temporal.namespace,
    log,
  });
  return { address: server.address, uiUrl: server.uiUrl, stop: server.stop };
}
