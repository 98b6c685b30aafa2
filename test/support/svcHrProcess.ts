import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { findFreePort } from '../../temporal/devServer/freePort';
import { waitFor } from './waitFor';
import { testCalendarEnv } from './clock';

// Plain JavaScript (it also runs as its own process): required, with its one function's type.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { tetherToThisProcess } = require('./groupTether.js') as { tetherToThisProcess(child: ChildProcess): void };

const projectDir = path.resolve(__dirname, '../..');

export interface SvcHrProcess {
  child: ChildProcess;
  baseUrl: string;
  temporalAddress: string;
  env: Record<string, string>;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code once the process (and, for a group kill, its children) ended. */
  exited: Promise<number | null>;
  /** Signals the whole process group: the CLI and the Temporal dev server it started. */
  killGroup(signal: NodeJS.Signals): void;
}

/**
 * Starts the built CLI (`node bin/svc-hr.js <command>`) as a real process in its own process group, on free
 * ports, so tests can kill it (and its dev server) like an operator would.
 */
export async function spawnSvcHr(
  command: string,
  env: Record<string, string>,
  ports?: { port: number; temporalPort: number; uiPort: number; dbPort: number },
): Promise<SvcHrProcess> {
  const p = ports ?? {
    port: await findFreePort(),
    temporalPort: await findFreePort(),
    uiPort: await findFreePort(),
    dbPort: await findFreePort(),
  };
  const fullEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: String(p.port),
    TEMPORAL_PORT: String(p.temporalPort),
    TEMPORAL_UI_PORT: String(p.uiPort),
    EMBEDDED_DB_PORT: String(p.dbPort),
    LOG_LEVEL: 'warn',
    // The tests' calendar: the process under test agrees with the test on what day it is.
    ...testCalendarEnv(),
    ...env,
  };
  let out = '';
  const child = spawn(process.execPath, [path.join(projectDir, 'bin', 'svc-hr.js'), command], {
    cwd: projectDir,
    env: fullEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Detached, the group would outlive this process if it were killed from outside: tied to it (groupTether.js).
  tetherToThisProcess(child);
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    baseUrl: `http://127.0.0.1:${p.port}`,
    temporalAddress: `127.0.0.1:${p.temporalPort}`,
    env: fullEnv,
    output: () => out,
    exited,
    killGroup: (signal) => {
      try {
        process.kill(-child.pid!, signal);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
      }
    },
  };
}

/** Waits until GET /readyz answers 200, failing with the process output when it exits or times out. */
export async function waitUntilReady(proc: SvcHrProcess, timeoutMs = 120_000): Promise<void> {
  return waitUntilAnswering(proc, '/readyz', timeoutMs, 200);
}

/**
 * Waits until GET /healthz answers 200: an `svc-hr api` with no worker beside it is alive but never ready (its
 * readiness asks for a worker), which tests of the API alone do not need.
 */
export async function waitUntilLive(proc: SvcHrProcess, timeoutMs = 60_000): Promise<void> {
  return waitUntilAnswering(proc, '/healthz', timeoutMs, 100);
}

async function waitUntilAnswering(proc: SvcHrProcess, probe: string, timeoutMs: number, intervalMs: number) {
  let exitCode: number | null | undefined;
  void proc.exited.then((code) => (exitCode = code));
  try {
    await waitFor(
      `${proc.baseUrl}${probe} to answer 200`,
      async () => {
        if (exitCode !== undefined) throw new Error(`svc-hr exited with ${exitCode}`);
        const res = await fetch(`${proc.baseUrl}${probe}`).catch(() => undefined);
        return res?.status === 200;
      },
      { timeoutMs, intervalMs },
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- svc-hr output ---\n${proc.output()}`, { cause: err });
  }
}
