import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { findFreePort } from './freePort';
import { searchAttributes } from '../../workflows/searchAttributes';
import { waitUntilServing } from './serverReadiness';

/** The dev server's spelling of the SDK's search attribute types (`--search-attribute Name=Keyword`). */
const cliTypeName: Record<(typeof searchAttributes)[number]['type'], string> = { KEYWORD: 'Keyword' };

export interface DevServerOptions {
  /** Path of the `temporal` CLI (see ensureTemporalCli). */
  binary: string;
  /** SQLite file that keeps workflows across restarts; without it everything is lost when the server stops. */
  dbFile?: string | undefined;
  /** Address the frontend binds (default 127.0.0.1, not "localhost", which may resolve to ::1 first). */
  ip?: string | undefined;
  /** Frontend gRPC port; 0 picks a free one. */
  port: number;
  /** Web UI port; 0 picks a free one. Ignored when headless. */
  uiPort: number;
  headless?: boolean | undefined;
  namespace: string;
  /** Our own messages (starting, healthy, stopping). */
  log: (line: string) => void;
  /** The server's own output, line by line (default: `log`). */
  output?: ((line: string) => void) | undefined;
  /** How long the server may take to answer for the namespace (default 60 s). */
  startTimeoutMs?: number | undefined;
  /** How long stop() waits after SIGTERM before it sends SIGKILL (default 15 s). */
  stopTimeoutMs?: number | undefined;
}

export interface DevServer {
  /** host:port of the frontend, for Connection.connect / NativeConnection.connect. */
  address: string;
  /** The Web UI, or undefined when headless. */
  uiUrl: string | undefined;
  pid: number;
  /** SIGTERM, then waits until the process has exited (SIGKILL after the timeout). Safe to call twice. */
  stop(): Promise<void>;
}

/** The `temporal server start-dev` arguments for these options (ports already chosen). */
export function devServerArgs(opts: DevServerOptions & { ip: string; port: number; uiPort: number }): string[] {
  const args = ['server', 'start-dev', '--ip', opts.ip, '--port', String(opts.port), '--namespace', opts.namespace];
  if (opts.dbFile !== undefined) args.push('--db-filename', opts.dbFile);
  if (opts.headless) args.push('--headless');
  else args.push('--ui-port', String(opts.uiPort));
  for (const attribute of searchAttributes) {
    args.push('--search-attribute', `${attribute.name}=${cliTypeName[attribute.type]}`);
  }
  // An activity scheduled by a workflow task goes back to the worker in the answer to that task's completion,
  // rather than through the task queue's matching (off by default on a Temporal server; docs/temporal.md).
  args.push('--dynamic-config-value', 'system.enableActivityEagerExecution=true');
  args.push('--log-level', 'warn');
  return args;
}

/**
 * Starts `temporal server start-dev` and resolves once it answers for `namespace` with our search attributes
 * registered. Rejects with the server's last output lines if it exits during the start (a port in use, a db
 * file still locked by a previous server) or is not ready by the deadline; in both cases the process is gone.
 */
export async function startDevServer(opts: DevServerOptions): Promise<DevServer> {
  const ip = opts.ip ?? '127.0.0.1';
  const port = opts.port === 0 ? await findFreePort(ip) : opts.port;
  const uiPort = opts.headless ? 0 : opts.uiPort === 0 ? await findFreePort(ip) : opts.uiPort;
  const args = devServerArgs({ ...opts, ip, port, uiPort });
  const address = `${ip}:${port}`;
  const output = opts.output ?? opts.log;

  const started = Date.now();
  opts.log(`starting the Temporal dev server on ${address}${opts.dbFile ? ` with ${opts.dbFile}` : ' in memory'}`);
  const child = spawn(opts.binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const recent: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      recent.push(line);
      recent.splice(0, Math.max(0, recent.length - 30));
      output(line);
    });
  }
  const exited = watchExit(child);
  // A server left running by a crashed parent would hold its ports and db file; SIGTERM lets it close cleanly.
  const onParentExit = () => child.kill('SIGTERM');
  process.once('exit', onParentExit);
  void exited.then(() => process.removeListener('exit', onParentExit));

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= terminate(child, exited, opts.stopTimeoutMs ?? 15_000));
  try {
    await waitUntilServing({
      address,
      namespace: opts.namespace,
      deadline: started + (opts.startTimeoutMs ?? 60_000),
      exited: exited.then((how) => `the Temporal dev server exited during its start (${how})`),
      log: opts.log,
    });
  } catch (error) {
    await stop();
    const tail = recent.length > 0 ? `\nits last output:\n${recent.join('\n')}` : ' (it printed nothing)';
    throw new Error(`${(error as Error).message}${tail}`, { cause: error });
  }
  const uiUrl = opts.headless ? undefined : `http://${ip}:${uiPort}`;
  opts.log(`Temporal dev server ready on ${address} in ${Date.now() - started} ms${uiUrl ? `, UI ${uiUrl}` : ''}`);
  if (child.pid === undefined) throw new Error('the Temporal dev server has no pid');
  return { address, uiUrl, pid: child.pid, stop };
}

type DevServerProcess = ChildProcessByStdio<null, Readable, Readable>;

/** Resolves with a description of how the process ended, once it has ended (or failed to spawn). */
function watchExit(child: DevServerProcess): Promise<string> {
  return new Promise((resolve) => {
    child.once('error', (error) => resolve(`could not run it: ${error.message}`));
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`));
  });
}

async function terminate(child: DevServerProcess, exited: Promise<string>, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
    await exited;
    return;
  }
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  // Waiting for the exit matters: a new server on the same db file dies with SQLITE_BUSY while this one closes.
  if ((await Promise.race([exited, timedOut])) === 'timeout') child.kill('SIGKILL');
  clearTimeout(timer);
  await exited;
}
