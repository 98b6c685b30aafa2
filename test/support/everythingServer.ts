import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** A free TCP port on the loopback interface (the everything server takes its port from PORT, not 0). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface EverythingServer {
  /** Its streamable-HTTP MCP endpoint. */
  url: string;
  close(): Promise<void>;
}

/**
 * `@modelcontextprotocol/server-everything` (the MCP project's reference server, which no one here wrote) in its
 * streamable-HTTP mode, as its own process on a free port: `node dist/index.js streamableHttp` with PORT set.
 */
export async function startEverythingServer(): Promise<EverythingServer> {
  const port = await freePort();
  const entry = path.join(
    path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
    'dist',
    'index.js',
  );
  const child: ChildProcess = spawn(process.execPath, [entry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited (${code}): ${output}`));
    });
  });
  child.stderr!.resume();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
