import { randomUUID } from 'node:crypto';
import { startConnector } from '../../../connector/connector';
import { attributionOf } from '../../../mcp/outbound/attribution';
import type { ConnectorToolCall } from '../../../lib/connector/queue';
import { startEverythingServer, type EverythingServer } from '../../support/everythingServer';
import { startMcpFixtureServer, type McpFixtureServer } from '../../support/mcpFixtureServer';
import { waitFor } from '../../support/waitFor';
import { spawnConnectorProcess, startConnectorKit, waitForOutput, type ConnectorKit } from './connectorKit';
import { startRecordingAdapter } from './recordingAdapter';

/**
 * The connector in front of MCP servers it did not write: the MCP project's reference server
 * (`@modelcontextprotocol/server-everything`, streamable HTTP) and the recording fixture of the outbound tests.
 */
let kit: ConnectorKit;
let everything: EverythingServer;
let fixture: McpFixtureServer;

beforeAll(async () => {
  [kit, everything, fixture] = await Promise.all([
    startConnectorKit(),
    startEverythingServer(),
    startMcpFixtureServer(),
  ]);
});
afterAll(async () => {
  await kit?.close();
  await everything?.close();
  await fixture?.close();
});

async function approvedCall(
  connectorId: string,
  tool: string,
  args: Record<string, unknown>,
): Promise<ConnectorToolCall> {
  const user = await kit.db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' } });
  const runId = randomUUID();
  const actionId = randomUUID();
  const idempotencyKey = `${runId}:${actionId}`;
  const { headers, meta } = attributionOf({
    tenantId: user.tenantId,
    userId: user.id,
    runId,
    actionId,
    idempotencyKey,
  });
  return { connectorId, tool, arguments: args, headers, meta, idempotencyKey, actionId };
}

it("publishes server-everything's tools and runs its echo with hello", async () => {
  const { id, pairingToken } = await kit.addConnector('everything');
  const proc = kit.spawnConnector(pairingToken, everything.url);
  await waitForOutput(proc, 'ready: connector');
  const view = await kit.connectorView('owner', id);
  expect(view.online).toBe(true);
  const names = view.publishedTools.map((t) => t.name);
  expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum']));
  const echo = view.publishedTools.find((t) => t.name === 'echo') as { inputSchema?: { properties?: object } };
  expect(echo.inputSchema?.properties).toHaveProperty('message');

  const result = await (await kit.startCall(await approvedCall(id, 'echo', { message: 'hello' }))).result();
  expect(result.isError).toBeFalsy();
  expect(JSON.stringify(result.content)).toContain('hello');
});

it('a transport failure at the adapter is retried with the same idempotency key and completes', async () => {
  const { pairingToken, id } = await kit.addConnector('fixture');
  const proc = kit.spawnConnector(pairingToken, fixture.url);
  await waitForOutput(proc, 'ready: connector');
  fixture.failNextCall('echo');
  const call = await approvedCall(id, 'echo', { message: 'again' });
  const result = await (await kit.startCall(call)).result();
  expect(result.content).toEqual([{ type: 'text', text: 'Echo: again' }]);
  const attempts = fixture.calls.filter((c) => c.tool === 'echo' && c.idempotencyKey === call.idempotencyKey);
  expect(attempts.map((a) => a.failed)).toEqual([true, false]);
  for (const attempt of attempts) {
    expect(attempt.headers['x-svc-hr-run']).toBe(call.idempotencyKey.split(':')[0]);
    expect(attempt.meta?.['svc-hr/attribution']).toMatchObject({ idempotencyKey: call.idempotencyKey });
  }
});

it('with two API replicas, a call reaches the replica that holds the socket, wherever the connector reconnects', async () => {
  const { id, pairingToken } = await kit.addConnector('moving');
  const replica = await kit.startReplica();
  const first = spawnConnectorProcess(replica.baseUrl, pairingToken, fixture.url);
  await waitForOutput(first, 'ready: connector');
  expect(replica.hub.connected()).toContain(id);
  expect(kit.hub.connected()).not.toContain(id);
  const viaReplica = await approvedCall(id, 'echo', { message: 'via the replica' });
  expect((await (await kit.startCall(viaReplica)).result()).content).toEqual([
    { type: 'text', text: 'Echo: via the replica' },
  ]);

  // The connector comes back through the other replica (as behind a load balancer): the calls follow it there.
  first.child.kill('SIGKILL');
  await first.exited;
  const second = spawnConnectorProcess(kit.baseUrl, pairingToken, fixture.url);
  try {
    await waitForOutput(second, 'ready: connector');
    await waitFor('the replica to let the socket go', () => !replica.hub.connected().includes(id), {
      timeoutMs: 10_000,
    });
    expect(kit.hub.connected()).toContain(id);
    const viaFirst = await approvedCall(id, 'echo', { message: 'via the first' });
    expect((await (await kit.startCall(viaFirst)).result()).content).toEqual([
      { type: 'text', text: 'Echo: via the first' },
    ]);
    expect(fixture.calls.filter((c) => c.idempotencyKey === viaFirst.idempotencyKey)).toHaveLength(1);
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
});

it("publishes the adapter's tools again when they change (listed again on a schedule)", async () => {
  const { id, pairingToken } = await kit.addConnector('changing');
  const changing = await startRecordingAdapter();
  const lines: string[] = [];
  // In this process, to shorten the refresh interval: the same connector code `svc-hr connector` runs.
  const connector = startConnector({
    baseUrl: kit.baseUrl,
    pairingToken,
    adapterUrl: changing.url,
    log: (line) => lines.push(line),
    toolsRefreshMs: 200,
  });
  try {
    await waitFor('the connector to be online', async () => (await kit.connectorView('admin', id)).online, {
      timeoutMs: 20_000,
    });
    const names = async () => (await kit.connectorView('admin', id)).publishedTools.map((t) => t.name).sort();
    expect(await names()).toEqual(['echo', 'fail', 'write_record']);
    changing.setExtraTool(true);
    await waitFor('the new tool to be published', async () => (await names()).includes('audit_note'), {
      timeoutMs: 10_000,
    });
    changing.setExtraTool(false);
    await waitFor('the tool to be withdrawn', async () => !(await names()).includes('audit_note'), {
      timeoutMs: 10_000,
    });
    expect(lines.filter((l) => l.startsWith('published ')).length).toBe(2);
  } finally {
    expect(await connector.stop()).toBe('stopped');
    await changing.close();
  }
});
