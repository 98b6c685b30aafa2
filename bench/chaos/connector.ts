import {
  spawnConnectorProcess,
  waitForOutput,
  type ConnectorProcess,
} from '../../test/integration/connector/connectorKit';
import { startRecordingAdapter, type RecordingAdapter } from '../../test/integration/connector/recordingAdapter';
import type { ChaosCall } from './client';

/**
 * The outbound side of the chaos run: a real `svc-hr connector` process paired with the first API process (its
 * hub), in front of a recording MCP adapter in the harness's process (`records`, whose `write_record` executes once
 * per Idempotency-Key and counts every call), allow-listed for the agent as the `records` server. `kill()` is a
 * SIGKILL; `restart()` starts it again with the same pairing token.
 */
export interface ChaosConnector {
  adapter: RecordingAdapter;
  kill(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startChaosConnector(opts: {
  call: ChaosCall;
  adminToken: string;
  apiBaseUrl: string;
}): Promise<ChaosConnector> {
  const adapter = await startRecordingAdapter();
  const made = await opts.call(opts.adminToken, 'POST', '/api/v1/admin/connectors', { name: 'records' });
  const data = made.json?.data as { connector: { id: string }; pairingToken: string } | undefined;
  if (!data) throw new Error(`add connector answered ${made.status}: ${made.text}`);
  let proc: ConnectorProcess | undefined;
  const start = async () => {
    proc = spawnConnectorProcess(opts.apiBaseUrl, data.pairingToken, adapter.url);
    await waitForOutput(proc, 'ready: connector', 120_000);
  };
  await start();
  const server = await opts.call(opts.adminToken, 'POST', '/api/v1/admin/mcp-servers', {
    name: 'records',
    connectorId: data.connector.id,
  });
  if (server.status !== 201) throw new Error(`add MCP server answered ${server.status}: ${server.text}`);
  const kill = async () => {
    const running = proc;
    proc = undefined;
    if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
    running.child.kill('SIGKILL');
    await running.exited;
  };
  return {
    adapter,
    kill,
    restart: start,
    stop: async () => {
      await kill();
      await adapter.close();
    },
  };
}
