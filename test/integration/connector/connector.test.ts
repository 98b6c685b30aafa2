import { randomUUID } from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { ActivityFailure, TimeoutFailure } from '@temporalio/common';
import WebSocket from 'ws';
import { hashSecret } from '../../../engines/tokens/secret';
import { attributionOf } from '../../../mcp/outbound/attribution';
import type { ConnectorToolCall } from '../../../lib/connector/queue';
import { waitFor } from '../../support/waitFor';
import { startConnectorKit, waitForOutput, type ConnectorKit, type ConnectorProcess } from './connectorKit';
import { startRecordingAdapter, type RecordingAdapter } from './recordingAdapter';
import { onceEach } from '../../support/auditRows';

let kit: ConnectorKit;
let adapter: RecordingAdapter;

beforeAll(async () => {
  [kit, adapter] = await Promise.all([startConnectorKit(), startRecordingAdapter()]);
});
afterAll(async () => {
  await kit?.close();
  await adapter?.close();
});

/** An approved call as the agent run sends it: the attribution of a run and action of the demo admin. */
async function approvedCall(
  connectorId: string,
  tool: string,
  args: Record<string, unknown>,
): Promise<ConnectorToolCall> {
  const admin = await kit.db.prisma.user.findUniqueOrThrow({ where: { email: 'admin@acme.test' } });
  const runId = randomUUID();
  const actionId = randomUUID();
  const idempotencyKey = `${runId}:${actionId}`;
  const { headers, meta } = attributionOf({
    tenantId: admin.tenantId,
    userId: admin.id,
    runId,
    actionId,
    idempotencyKey,
  });
  return { connectorId, tool, arguments: args, headers, meta, idempotencyKey, actionId };
}

/** Opens a socket to the hub as a connector would, answering the HTTP status of a refused upgrade (or 101). */
function dialStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => {
      resolve(101);
      socket.close();
    });
    socket.on('error', (error) => {
      if (!error.message.includes('Unexpected server response')) reject(error);
    });
  });
}

const socketUrl = () => `${kit.baseUrl.replace('http', 'ws')}/api/v1/connectors/socket`;

/** The audit records (chained or pending) of a connector's sockets. */
async function socketAudit(connectorId: string): Promise<Array<{ operation: string; arguments: unknown }>> {
  const where = { surface: 'system', operation: { in: ['connector_connected', 'connector_disconnected'] } };
  const select = { id: true, operation: true, arguments: true, occurredAt: true } as const;
  const rows = onceEach([
    ...(await kit.db.prisma.auditPending.findMany({ where, select })),
    ...(await kit.db.prisma.auditRecord.findMany({ where, select })),
  ]);
  return rows
    .filter((r) => (r.arguments as { connectorId?: string }).connectorId === connectorId)
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

async function waitOnline(id: string, online: boolean): Promise<void> {
  await waitFor(
    `connector ${id} to be ${online ? 'online' : 'offline'}`,
    async () => (await kit.connectorView('admin', id)).online === online,
    {
      timeoutMs: 20_000,
      intervalMs: 100,
    },
  );
}

describe('adding a connector', () => {
  it('shows the pairing token once and keeps only its SHA-256, in no list and no audit record', async () => {
    const res = await kit.call('owner', 'POST', '/api/v1/admin/connectors', { name: 'payroll-gateway' });
    expect(res.statusCode).toBe(201);
    const { connector, pairingToken } = res.json<{
      data: { connector: { id: string; online: boolean; pairingTokenHint: string }; pairingToken: string };
    }>().data;
    expect(pairingToken).toMatch(/^hrc_[0-9A-Za-z]{49}$/);
    expect(connector.online).toBe(false);
    expect(pairingToken.startsWith(connector.pairingTokenHint.replace('…', ''))).toBe(true);

    const row = await kit.db.prisma.mcpConnector.findUniqueOrThrow({ where: { id: connector.id } });
    expect(row.pairingTokenHash).toBe(hashSecret(pairingToken));
    expect(JSON.stringify(row)).not.toContain(pairingToken);
    const listed = await kit.call('owner', 'GET', '/api/v1/admin/connectors');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain(connector.id);
    expect(listed.body).not.toContain(pairingToken);
    expect(listed.body).not.toContain(row.pairingTokenHash);
    const auditId = res.headers['x-audit-id'] as string;
    expect(auditId).toBeTruthy();
    const trail = await kit.db.prisma.$queryRaw<Array<{ j: string }>>`
      SELECT row_to_json(p)::text AS j FROM audit_pending p UNION ALL SELECT row_to_json(r)::text FROM audit_records r`;
    expect(trail.some((r) => r.j.includes('create_connector'))).toBe(true);
    expect(trail.map((r) => r.j).join('\n')).not.toContain(pairingToken);
  });

  it('refuses a blank or duplicate name and writes nothing', async () => {
    const before = await kit.db.prisma.mcpConnector.count();
    const blank = await kit.call('admin', 'POST', '/api/v1/admin/connectors', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ error: { code: string } }>().error.code).toBe('validation_error');
    await kit.addConnector('twice');
    const again = await kit.call('admin', 'POST', '/api/v1/admin/connectors', { name: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('conflict');
    expect(await kit.db.prisma.mcpConnector.count()).toBe(before + 1);
  });

  it('answers 403 to people who are not ADMIN or OWNER, and writes nothing', async () => {
    const before = await kit.db.prisma.mcpConnector.count();
    for (const who of ['alice', 'manager', 'hr'] as const) {
      const created = await kit.call(who, 'POST', '/api/v1/admin/connectors', { name: `by-${who}` });
      expect({ who, status: created.statusCode }).toEqual({ who, status: 403 });
      expect((await kit.call(who, 'GET', '/api/v1/admin/connectors')).statusCode).toBe(403);
    }
    expect(await kit.db.prisma.mcpConnector.count()).toBe(before);
  });
});

describe('the connector socket', () => {
  it('refuses a missing, malformed, unknown or revoked pairing token before upgrading', async () => {
    const { id, pairingToken } = await kit.addConnector('refusals');
    expect(await dialStatus(socketUrl(), {})).toBe(401);
    expect(await dialStatus(socketUrl(), { authorization: 'Bearer hrc_nope' })).toBe(401);
    expect(await dialStatus(socketUrl(), { authorization: `Bearer hrc_${'0'.repeat(49)}` })).toBe(401);
    expect(await dialStatus(socketUrl(), { authorization: `Bearer ${pairingToken}` })).toBe(101);
    expect((await kit.call('admin', 'DELETE', `/api/v1/admin/connectors/${id}`)).statusCode).toBe(200);
    expect(await dialStatus(socketUrl(), { authorization: `Bearer ${pairingToken}` })).toBe(401);
  });

  it('answers a plain GET (no upgrade) with a validation error', async () => {
    const res = await kit.app.inject({ method: 'GET', url: '/api/v1/connectors/socket' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('validation_error');
  });
});

describe('svc-hr connector', () => {
  let connector: { id: string; pairingToken: string };
  let proc: ConnectorProcess;

  beforeAll(async () => {
    connector = await kit.addConnector('records');
    proc = kit.spawnConnector(connector.pairingToken, adapter.url, { viaEnv: true });
    await waitForOutput(proc, 'ready: connector');
  });

  it("publishes the adapter's tools, and the list shows it online with them", async () => {
    await waitOnline(connector.id, true);
    const view = await kit.connectorView('admin', connector.id);
    expect(view.publishedTools.map((t) => t.name).sort()).toEqual(['echo', 'fail', 'write_record']);
    expect(proc.output()).not.toContain(connector.pairingToken);
    const [connected] = await socketAudit(connector.id);
    expect(connected).toMatchObject({
      operation: 'connector_connected',
      arguments: {
        connectorId: connector.id,
        name: 'records',
        // Where it dialled in from: a stolen pairing token used elsewhere shows in the trail.
        address: '127.0.0.1',
        tools: expect.arrayContaining(['echo', 'write_record']),
      },
    });
    expect(JSON.stringify(await socketAudit(connector.id))).not.toContain(connector.pairingToken);
  });

  it('runs a call from the connector queue on the adapter with the attribution headers and _meta', async () => {
    const call = await approvedCall(connector.id, 'echo', { message: 'hello' });
    const result = await (await kit.startCall(call)).result();
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello' }]);
    expect(result.isError).toBeUndefined();
    const received = adapter.calls.filter((c) => c.idempotencyKey === call.idempotencyKey);
    expect(received).toHaveLength(1);
    const [runId, actionId] = call.idempotencyKey.split(':');
    expect(received[0]!.headers).toEqual({
      'x-svc-hr-tenant': call.headers['X-Svc-Hr-Tenant'],
      'x-svc-hr-user': call.headers['X-Svc-Hr-User'],
      'x-svc-hr-run': runId,
      'x-svc-hr-action': actionId,
      'idempotency-key': call.idempotencyKey,
    });
    expect(received[0]!.meta?.['svc-hr/attribution']).toEqual({
      tenant: call.headers['X-Svc-Hr-Tenant'],
      user: call.headers['X-Svc-Hr-User'],
      run: runId,
      action: actionId,
      idempotencyKey: call.idempotencyKey,
    });
  });

  it("answers a tool's own error as a result with isError, sent once (not retried)", async () => {
    const call = await approvedCall(connector.id, 'fail', {});
    const result = await (await kit.startCall(call)).result();
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'the record system said no' }] });
    expect(adapter.calls.filter((c) => c.idempotencyKey === call.idempotencyKey)).toHaveLength(1);
  });

  it('killed (SIGKILL) while the adapter runs a call and restarted, completes the call: one execution per key', async () => {
    adapter.hold();
    const call = await approvedCall(connector.id, 'write_record', { value: 'payslip-42' });
    const started = await kit.startCall(call, { scheduleToStartMs: 60_000, startToCloseMs: 60_000 });
    await waitFor(
      'the call to reach the adapter',
      () => adapter.calls.some((c) => c.idempotencyKey === call.idempotencyKey),
      {
        timeoutMs: 20_000,
      },
    );
    proc.child.kill('SIGKILL');
    expect(await proc.exited).toBeNull();
    // The adapter finishes the first delivery; its result dies with the connector's socket.
    adapter.release();
    proc = kit.spawnConnector(connector.pairingToken, adapter.url);
    const result = await started.result();
    expect(result.structuredContent).toEqual({ value: 'payslip-42', key: call.idempotencyKey });
    // Delivered twice with the same Idempotency-Key (the retry after the kill), executed once: the adapter's key
    // protected it, since a killed connector remembers nothing.
    const deliveries = adapter.calls.filter((c) => c.idempotencyKey === call.idempotencyKey);
    expect(deliveries).toHaveLength(2);
    expect(deliveries.every((d) => d.headers['idempotency-key'] === call.idempotencyKey)).toBe(true);
    expect(adapter.executions.get(call.idempotencyKey)).toBe(1);
    await waitOnline(connector.id, true);
  });

  it('stops cleanly on SIGTERM, shows offline, and a call then fails by its scheduleToStart timeout', async () => {
    await waitForOutput(proc, 'ready: connector');
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    await waitOnline(connector.id, false);
    const trail = await socketAudit(connector.id);
    expect(trail.at(-1)).toMatchObject({ operation: 'connector_disconnected', arguments: { closeCode: 1000 } });
    const call = await approvedCall(connector.id, 'echo', { message: 'anyone?' });
    const started = await kit.startCall(call, { scheduleToStartMs: 2_000, startToCloseMs: 10_000 });
    const failure = await started.result().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    const activity = (failure as WorkflowFailedError).cause;
    expect(activity).toBeInstanceOf(ActivityFailure);
    expect((activity as ActivityFailure).cause).toBeInstanceOf(TimeoutFailure);
    expect(((activity as ActivityFailure).cause as TimeoutFailure).timeoutType).toBe('SCHEDULE_TO_START');
    expect(adapter.calls.some((c) => c.idempotencyKey === call.idempotencyKey)).toBe(false);
  });

  it('is disconnected when revoked, and a connector with a revoked token stops with a clear message', async () => {
    proc = kit.spawnConnector(connector.pairingToken, adapter.url);
    await waitForOutput(proc, 'ready: connector');
    const revoked = await kit.call('admin', 'DELETE', `/api/v1/admin/connectors/${connector.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('the connector was revoked: stopping');
    await waitOnline(connector.id, false);

    const again = kit.spawnConnector(connector.pairingToken, adapter.url);
    expect(await again.exited).toBe(1);
    expect(again.output()).toContain('401 The connector was revoked');
  });
});

describe('svc-hr connector settings', () => {
  it('exits 2 naming each missing or malformed setting', async () => {
    const proc = kit.spawnConnector('hrp_not_a_pairing_token', 'ftp://adapter');
    expect(await proc.exited).toBe(2);
    expect(proc.output()).toContain('--pairing-token (SVC_HR_CONNECTOR_PAIRING_TOKEN)');
    expect(proc.output()).toContain('--adapter-url (SVC_HR_CONNECTOR_ADAPTER_URL)');
    expect(proc.output()).not.toContain('--base-url');
  });
});
