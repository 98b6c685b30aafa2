import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { runMigrations } from '../../db/migrate';
import { createPrismaClient } from '../../db/prismaClient';
import type { TestDatabase } from './database';

/** The embedded database server, running in a child process (see embeddedPostgresProcess.ts for why). */
export interface EmbeddedServer {
  url: string;
  /** Ends the server (flushing its files); answers its exit code. */
  stop(): Promise<number | null>;
}

const tsxCli = require.resolve('tsx/cli');
const serverScript = path.join(__dirname, 'embeddedPostgresProcess.ts');

/** Starts startEmbeddedPostgres on `dataDir` and `port` (0: a free one) in a plain Node child process. */
export function startEmbeddedServer(dataDir: string, port = 0): Promise<EmbeddedServer> {
  const child = spawn(process.execPath, [tsxCli, serverScript, dataDir, String(port)]);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const { url } = JSON.parse(line) as { url: string };
      resolve({
        url,
        stop: () => {
          child.stdin.end();
          return exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`embedded database exited with ${code}: ${stderr.trim()}`)));
  });
}

/**
 * A fresh embedded database (PGlite behind pglite-socket, as `svc-hr start` runs it when DATABASE_URL is unset),
 * migrated, with a Prisma client configured as the product configures it there: one connection (the server
 * serves one at a time, and every connection is the same session). Its files live in a temporary folder that
 * `drop()` removes with the server. Suites that must hold on both databases run on createTestDatabase
 * (PostgreSQL) and on this.
 */
export async function createEmbeddedTestDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'svc-hr-embedded-'));
  const server = await startEmbeddedServer(dataDir);
  try {
    // Migrations first, on a connection of their own that they close: the server takes one client at a time.
    await runMigrations(server.url);
  } catch (error) {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const prisma = createPrismaClient(server.url, { poolMax: 1 });
  return {
    url: server.url,
    prisma,
    drop: async () => {
      await prisma.$disconnect();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
