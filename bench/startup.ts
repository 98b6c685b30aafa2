/**
 * Startup benchmark: seconds from `svc-hr start` (a real process, embedded database, dev server from the
 * binary already present) to GET /readyz answering 200, cold (empty data dir: migrations and demo seed) and
 * warm (the same data dir again). Baseline, measured in the same run: the bare Temporal dev server from the
 * same binary, from spawn to a healthy namespace — the floor that svc-hr's start stands on.
 *
 *   npx tsx bench/startup.ts [runs=3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDevServer } from '../temporal/devServer/devServer';
import { spawnSvcHr, waitUntilReady } from '../test/support/svcHrProcess';
import { testTemporalCli } from '../test/support/temporalServer';
import { median, printTable } from './report';

async function timeSvcHrStart(binary: string, dataDir: string): Promise<number> {
  const started = process.hrtime.bigint();
  const proc = await spawnSvcHr('start', { SVC_HR_DATA_DIR: dataDir, TEMPORAL_CLI_PATH: binary });
  try {
    await waitUntilReady(proc);
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    proc.child.kill('SIGTERM');
    await proc.exited;
  }
}

async function timeBareDevServer(binary: string): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-bench-temporal-'));
  const started = process.hrtime.bigint();
  const server = await startDevServer({
    binary,
    dbFile: path.join(dir, 'temporal.db'),
    port: 0,
    uiPort: 0,
    headless: true,
    namespace: 'default',
    log: () => {},
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  return seconds;
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3);
  const binary = await testTemporalCli();
  const baseline: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    baseline.push(await timeBareDevServer(binary));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-bench-start-'));
    cold.push(await timeSvcHrStart(binary, dataDir));
    warm.push(await timeSvcHrStart(binary, dataDir));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const floor = median(baseline);
  printTable('startup: seconds from spawn to ready (median of ' + runs + ')', [
    ['bare Temporal dev server (baseline)', floor, 1],
    ['svc-hr start, empty data dir (migrate + seed)', median(cold), median(cold) / floor],
    ['svc-hr start, existing data dir', median(warm), median(warm) / floor],
  ]);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
