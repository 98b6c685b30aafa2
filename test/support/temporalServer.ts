import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config/env';
import { ensureTemporalCli } from '../../temporal/devServer/cliBinary';
import { startDevServer } from '../../temporal/devServer/devServer';

/** The repository root: where `.temporal/bin/temporal` is kept (and built, if need be). */
export const projectDir = path.resolve(__dirname, '../..');

const log = (line: string) => process.stderr.write(`[temporal] ${line}\n`);

/**
 * The Temporal CLI for tests: TEMPORAL_CLI_PATH, PATH, `.temporal/bin`, or built once with `go install`
 * (shared through the build lock with a concurrent `npm start`).
 */
export async function testTemporalCli(): Promise<string> {
  const config = loadConfig();
  return ensureTemporalCli({ cliPath: config.temporal.cliPath, version: config.temporal.cliVersion, projectDir, log });
}

/**
 * A real Temporal dev server for one jest run: free ports, headless, persisted to a throwaway db file under
 * the OS temp folder (removed on stop). Its own output is kept quiet unless it fails to start.
 */
export async function startTestTemporal(): Promise<{ address: string; stop(): Promise<void> }> {
  const binary = await testTemporalCli();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'svc-hr-temporal-'));
  try {
    const server = await startDevServer({
      binary,
      dbFile: path.join(dir, 'temporal.db'),
      port: 0,
      uiPort: 0,
      headless: true,
      namespace: loadConfig().temporal.namespace,
      log,
      output: () => undefined,
    });
    return {
      address: server.address,
      stop: async () => {
        await server.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The address of the run's Temporal server, set by globalSetup for every test file. */
export function testTemporalAddress(): string {
  const address = process.env.SVC_HR_TEST_TEMPORAL_ADDRESS;
  if (!address) {
    throw new Error('SVC_HR_TEST_TEMPORAL_ADDRESS is not set: run the tests through jest, whose globalSetup sets it.');
  }
  return address;
}

/** A task queue no other test file uses, so each file's worker gets only its own tasks. */
export function uniqueTaskQueue(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}
