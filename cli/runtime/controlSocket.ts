import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { CommandResult } from '../commands/credential';

/**
 * A local control socket of `svc-hr start`. The embedded database serves one connection, which the running
 * process holds; so that `svc-hr token create …` still works beside it, such commands are sent over a unix
 * socket in the data dir (mode 0600: only the same OS user can use it) and run inside the running process.
 */
export interface ControlRequest {
  command: string;
  argv: string[];
}

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'svc-hr.sock');
}

/** Serves control requests until close(). */
export async function startControlSocket(
  dataDir: string,
  handle: (request: ControlRequest) => Promise<CommandResult>,
): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(dataDir);
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      input += chunk;
      if (!input.includes('\n')) return;
      let request: ControlRequest;
      try {
        request = JSON.parse(input.slice(0, input.indexOf('\n'))) as ControlRequest;
      } catch {
        socket.end(`${JSON.stringify({ code: 2, stdout: '', stderr: 'malformed control request\n' })}\n`);
        return;
      }
      handle(request).then(
        (result) => socket.end(`${JSON.stringify(result)}\n`),
        (err: unknown) => socket.end(`${JSON.stringify({ code: 1, stdout: '', stderr: `${String(err)}\n` })}\n`),
      );
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** Sends a request to a running `svc-hr start`; undefined when none listens in this data dir. */
export async function sendToControlSocket(
  dataDir: string,
  request: ControlRequest,
): Promise<CommandResult | undefined> {
  const socketPath = controlSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return undefined;
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (output += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(output) as CommandResult);
      } catch (err) {
        reject(new Error(`unreadable answer from the running svc-hr: ${String(err)}`));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A socket file left by a killed process: nobody listens, so the caller opens the database itself.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(undefined);
      else reject(err);
    });
  });
}
