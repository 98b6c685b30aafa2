import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Closes the socket server and the database, flushing it to disk. */
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL compiled to WASM (PGlite), persisted under `<dataDir>/pglite` and served on 127.0.0.1:`port`
 * (0 picks a free port) so that `pg`, adapter-pg and runMigrations reach it like any PostgreSQL server. This is
 * `svc-hr start`'s database when DATABASE_URL is unset: it needs nothing but Node.
 *
 * One connection at a time: PGlite is a single session, and pglite-socket would interleave the protocol messages
 * of concurrent clients on it (sharing prepared statements, transactions and advisory locks), so the server is
 * limited to one client and refuses a second with "Too many connections". Callers therefore run the migrations
 * first, then use one Prisma client with `poolMax: 1`, and close each client before the next one connects.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => undefined);
  // Fail before opening PGlite: creating a new data folder takes seconds.
  if (opts.port !== 0) await ensurePortFree(opts.port);
  const dir = path.join(path.resolve(opts.dataDir), 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: opts.port, maxConnections: 1 });
  waitForTheSlot(server);
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw listenError(opts.port, error);
  }
  // getServerConn() reports the port actually bound, which matters when opts.port is 0.
  const url = `postgresql://postgres@${server.getServerConn()}/postgres`;
  log(`embedded PostgreSQL (PGlite) at ${url}, data in ${dir}`);
  let stopped: Promise<void> | undefined;
  return {
    url,
    stop: () => {
      stopped ??= (async () => {
        await server.stop();
        await db.close();
        log('embedded PostgreSQL stopped');
      })();
      return stopped;
    },
  };
}

/** How long a new client waits for the previous one's teardown before it is refused as a second client. */
const SLOT_WAIT_MS = 2_000;

/**
 * pglite-socket refuses a client while another is attached ("Too many connections"), and it detaches a closed one
 * a tick after the socket closes: a pool reconnecting at once after a lost connection was refused, and the request
 * that needed the connection failed. A new client now waits (up to SLOT_WAIT_MS) for the slot to free; a real second
 * client is still refused after that. handleConnection is the library's per-socket entry (private in its types).
 */
function waitForTheSlot(server: PGLiteSocketServer): void {
  const socketServer = server as unknown as { handleConnection(socket: net.Socket): Promise<void> };
  const accept = socketServer.handleConnection.bind(server);
  socketServer.handleConnection = async (socket) => {
    const deadline = Date.now() + SLOT_WAIT_MS;
    while (server.getStats().activeConnections > 0 && Date.now() < deadline && !socket.destroyed) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return accept(socket);
  };
}

function listenError(port: number, error: unknown): Error {
  return new Error(`Cannot serve the embedded database on 127.0.0.1:${port}: ${String(error)}`, { cause: error });
}

function ensurePortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => reject(listenError(port, error)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
