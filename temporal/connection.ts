import { Client, Connection } from '@temporalio/client';

export interface TemporalClientHandle {
  connection: Connection;
  client: Client;
  /** Closes the connection; the client is unusable afterwards. */
  close(): Promise<void>;
}

/**
 * Connects a Temporal client (for the API and tests: starting runs, signals, queries) to `address` and binds
 * it to `namespace`. Fails if the frontend does not answer within the SDK's connect timeout.
 */
export async function connectTemporal(opts: { address: string; namespace: string }): Promise<TemporalClientHandle> {
  const connection = await openConnection(opts.address);
  const client = new Client({ connection, namespace: opts.namespace });
  return { connection, client, close: () => connection.close() };
}

/**
 * `Connection.connect`, except that a failed connect closes the gRPC channel it opened: the SDK's (1.24) does
 * `lazy()` then `ensureConnected()` and drops the channel unclosed when that throws, and the dev server's
 * readiness loop, which retries every second, would pile such channels up.
 */
export async function openConnection(address: string, connectTimeoutMs = 10_000): Promise<Connection> {
  const connection = Connection.lazy({ address, connectTimeout: connectTimeoutMs });
  try {
    await connection.ensureConnected();
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
}

/**
 * Readiness check: whether the server answers describeNamespace for `namespace` within `timeoutMs`. Answers
 * `{ ok: false, detail }` instead of throwing, because an unreachable Temporal is a state /readyz reports.
 */
export async function checkNamespace(
  client: Client,
  namespace: string,
  timeoutMs = 2000,
): Promise<{ ok: boolean; detail?: string }> {
  try {
    await client.connection.withDeadline(Date.now() + timeoutMs, () =>
      client.workflowService.describeNamespace({ namespace }),
    );
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: `Temporal namespace ${namespace} is not reachable: ${(error as Error).message}` };
  }
}
