import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { Connection } from '@temporalio/client';
import { openConnection } from '../connection';
import { ensureSearchAttributes } from './searchAttributeRegistration';

export interface WaitUntilServingOptions {
  /** host:port of the frontend. */
  address: string;
  namespace: string;
  /** Epoch milliseconds after which waiting fails. */
  deadline: number;
  /** Resolves (with a reason) if the server process ends: waiting stops at once instead of at the deadline. */
  exited: Promise<string>;
  log: (line: string) => void;
}

/**
 * Resolves once the Temporal frontend at `address` describes `namespace` and has our search attributes
 * registered; rejects when `exited` resolves first or at the deadline, with the last error seen.
 *
 * Polls the TCP port before opening a gRPC connection because gRPC's connect waits for its whole timeout on a
 * refused port, which would add about a second to a server that is ready in a quarter of one. Every step is
 * bounded (about 2 s at most), so after an exit the poll loop ends soon and leaves no connection open.
 */
export async function waitUntilServing(opts: WaitUntilServingOptions): Promise<void> {
  const state = { exitReason: undefined as string | undefined };
  const exited = opts.exited.then((reason) => {
    state.exitReason = reason;
    return reason;
  });
  const polling = poll(opts, state);
  const result = await Promise.race([polling.then(() => undefined), exited]);
  if (result !== undefined) {
    // Let the loop see exitReason and close what it opened. How it ends does not matter any more: the exit is
    // the error to report.
    await polling.then(
      () => undefined,
      () => undefined,
    );
    throw new Error(result);
  }
}

async function poll(opts: WaitUntilServingOptions, state: { exitReason: string | undefined }): Promise<void> {
  const [host, port] = splitAddress(opts.address);
  let connection: Connection | undefined;
  let lastError: unknown = 'its port never accepted a connection';
  try {
    for (;;) {
      if (state.exitReason !== undefined) throw new Error(state.exitReason);
      if (Date.now() > opts.deadline) throw timeoutError(opts, String(lastError));
      if (connection === undefined) {
        if (!(await portAccepts(host, port))) {
          await delay(50);
          continue;
        }
        connection = await openConnection(opts.address, 1000).catch((error: unknown) => {
          lastError = error;
          return undefined;
        });
        continue;
      }
      const { workflowService } = connection;
      try {
        await connection.withDeadline(Date.now() + 2000, () =>
          workflowService.describeNamespace({ namespace: opts.namespace }),
        );
        break;
      } catch (error) {
        // Not ready yet (the frontend listens before the namespace is loaded): retry until the deadline.
        lastError = error;
        await delay(100);
      }
    }
    const added = await ensureSearchAttributes(connection, opts.namespace);
    if (added.length > 0) opts.log(`registered search attributes missing from the db file: ${added.join(', ')}`);
  } finally {
    await connection?.close();
  }
}

function timeoutError(opts: WaitUntilServingOptions, why: string): Error {
  return new Error(`the Temporal server at ${opts.address} was not ready for namespace ${opts.namespace}: ${why}`);
}

function splitAddress(address: string): [string, number] {
  const colon = address.lastIndexOf(':');
  const port = Number(address.slice(colon + 1));
  if (colon < 0 || !Number.isInteger(port)) throw new Error(`not a host:port address: ${address}`);
  return [address.slice(0, colon).replace(/^\[|\]$/g, ''), port];
}

/** True when a TCP connection to host:port is accepted (closed at once). */
function portAccepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}
