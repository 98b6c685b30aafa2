import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import type { ActionView } from '../../../engines/agent/actions';
import { getWorkflowBundle } from '../../../temporal/worker/workflowBundle';
import type { RunView } from '../../../engines/agent/runView';
import { startAgentKit, startConversation, type AgentKit } from '../agent/agentKit';
import { startEverythingServer, type EverythingServer } from '../../support/everythingServer';
import { startMcpFixtureServer, type McpFixtureServer } from '../../support/mcpFixtureServer';
import {
  addServer,
  asAdmin,
  decide,
  ended,
  eventNames,
  outboundAudit,
  threadMessages,
  waitingForApproval,
} from './outboundKit';

/**
 * Outbound MCP calls end to end: the HTTP API, the real agentRun workflow on the real Temporal server with an
 * in-process worker and the built-in model, and real MCP servers: our recording fixture and
 * @modelcontextprotocol/server-everything. Private networks are allowed (the servers listen on loopback).
 */
let kit: AgentKit;
let fixture: McpFixtureServer;
let everything: EverythingServer;
let serverId: string;
let acme: { tenantId: string; aliceId: string; adminId: string };
/** Runs whose histories the replay test keeps: a direct call approved, and a call to an offline connector. */
const recorded: Record<string, string> = {};

beforeAll(async () => {
  fixture = await startMcpFixtureServer();
  everything = await startEverythingServer();
  kit = await startAgentKit({
    env: { SVC_HR_ALLOW_PRIVATE_NETWORK: '1', SVC_HR_CONNECTOR_CALL_TIMEOUT: '2s', SVC_HR_MCP_CALL_TIMEOUT: '5s' },
  });
  const alice = await kit.db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' } });
  const admin = await kit.db.prisma.user.findUniqueOrThrow({ where: { email: 'admin@acme.test' } });
  acme = { tenantId: alice.tenantId, aliceId: alice.id, adminId: admin.id };
  // The fixture first, as `everything`: it shows what svc-hr sends. The last test points the name at the real one.
  serverId = (await addServer(kit, { name: 'everything', url: fixture.url, bearerToken: 'fixture-bearer-secret' })).id;
}, 120_000);

afterAll(async () => {
  await kit?.close();
  await fixture?.close();
  await everything?.close();
});

const toolCalls = () => fixture.calls.length;

/** Sends `message` as alice and waits until the run asks for approval; answers the run and its one action. */
async function proposal(
  message: string,
): Promise<{ threadId: string; runId: string; run: RunView; action: ActionView }> {
  const { threadId, runId } = await startConversation(kit, 'alice', message);
  const run = await kit.waitForRun('alice', runId, 'waits for approval', (r) => waitingForApproval(r) || ended(r));
  expect(run.status).toBe('requires_action');
  const actions = run.requiredAction?.kind === 'approval' ? run.requiredAction.actions : [];
  expect(actions).toHaveLength(1);
  return { threadId, runId, run, action: actions[0]! };
}

describe('an approved outbound call', () => {
  it('proposes mcp__everything__echo, waits for approval, then calls it once with the attribution', async () => {
    const { threadId, runId, action } = await proposal('call echo with hello on the everything server');
    // What the approver sees: the system (server name and URL), the operation and the arguments.
    expect(action).toMatchObject({
      tool: 'mcp__everything__echo',
      system: `everything (${fixture.url})`,
      description: 'echo: Echoes back the message',
      arguments: { message: 'hello' },
      status: 'pending',
    });
    expect(toolCalls()).toBe(0);

    await decide(kit, runId, action.id, 'approve');
    const run = await kit.waitForRun('alice', runId, 'ends', ended);
    expect(run.status).toBe('completed');
    recorded.direct = runId;

    expect(fixture.calls).toHaveLength(1);
    const [call] = fixture.calls;
    const key = `${runId}:${action.id}`;
    expect(call).toMatchObject({ tool: 'echo', arguments: { message: 'hello' }, idempotencyKey: key, failed: false });
    expect(call!.headers).toMatchObject({
      'x-svc-hr-tenant': acme.tenantId,
      'x-svc-hr-user': acme.aliceId,
      'x-svc-hr-run': runId,
      'x-svc-hr-action': action.id,
      'idempotency-key': key,
      authorization: 'Bearer fixture-bearer-secret',
    });
    expect(call!.meta).toEqual({
      'svc-hr/attribution': {
        tenant: acme.tenantId,
        user: acme.aliceId,
        run: runId,
        action: action.id,
        idempotencyKey: key,
      },
    });

    // The result goes back to the model, which answers with it.
    const messages = await threadMessages(kit, threadId);
    const tool = messages.find((m) => m.role === 'tool');
    expect(tool?.data).toMatchObject({
      tool: 'mcp__everything__echo',
      ok: true,
      result: { content: [{ type: 'text', text: 'Echo: hello' }], structuredContent: { echoed: 'hello' } },
    });
    expect(messages.at(-1)?.text).toContain('Echo: hello');
    expect(await eventNames(kit, runId)).toEqual(
      expect.arrayContaining(['action.requested', 'action.decided', 'action.executing', 'action.succeeded']),
    );
    const stored = await kit.db.prisma.agentAction.findUniqueOrThrow({ where: { id: action.id } });
    expect(stored.status).toBe('succeeded');

    // Audited: who, which server and tool, the arguments, who approved, the outcome; never the bearer secret.
    const audit = (await outboundAudit(kit, 'mcp__everything__echo')).filter((r) => r.runId === runId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: acme.aliceId, outcome: 'success', errorCode: null });
    expect(audit[0]!.arguments).toMatchObject({
      system: `everything (${fixture.url})`,
      arguments: { message: 'hello' },
      approvedBy: acme.aliceId,
      idempotencyKey: key,
    });
    expect(JSON.stringify(audit)).not.toContain('fixture-bearer-secret');
  });

  it('never calls the tool when the user rejects the action', async () => {
    const before = toolCalls();
    const { runId, action } = await proposal('call echo with do-not-send on the everything server');
    await decide(kit, runId, action.id, 'reject');
    const run = await kit.waitForRun('alice', runId, 'ends', ended);
    expect(run.status).toBe('completed');
    expect(toolCalls()).toBe(before);
    expect(fixture.calls.some((c) => c.arguments.message === 'do-not-send')).toBe(false);
    expect((await kit.db.prisma.agentAction.findUniqueOrThrow({ where: { id: action.id } })).status).toBe('rejected');
    expect(await outboundAudit(kit, 'mcp__everything__echo').then((a) => a.filter((r) => r.runId === runId))).toEqual(
      [],
    );
  });

  it('sends the same idempotency key when a failed attempt is retried', async () => {
    const before = toolCalls();
    const { runId, action } = await proposal('call echo with retry me on the everything server');
    fixture.failNextCall('echo');
    await decide(kit, runId, action.id, 'approve');
    const run = await kit.waitForRun('alice', runId, 'ends', ended);
    expect(run.status).toBe('completed');
    const attempts = fixture.calls.slice(before);
    expect(attempts.map((c) => c.failed)).toEqual([true, false]);
    const key = `${runId}:${action.id}`;
    expect(attempts.map((c) => c.idempotencyKey)).toEqual([key, key]);
    expect(attempts.map((c) => c.meta?.['svc-hr/attribution'])).toEqual([
      expect.objectContaining({ idempotencyKey: key, action: action.id }),
      expect.objectContaining({ idempotencyKey: key, action: action.id }),
    ]);
    expect((await kit.db.prisma.agentAction.findUniqueOrThrow({ where: { id: action.id } })).status).toBe('succeeded');
  });

  it('reports a server still unreachable after the retries to the model and as action.failed', async () => {
    const before = toolCalls();
    const { threadId, runId, action } = await proposal('call echo with never arrives on the everything server');
    fixture.failNextCall('echo', 3);
    await decide(kit, runId, action.id, 'approve');
    const run = await kit.waitForRun('alice', runId, 'ends', ended);
    expect(run.status).toBe('completed');
    const attempts = fixture.calls.slice(before);
    expect(attempts.map((c) => [c.failed, c.idempotencyKey])).toEqual(
      Array.from({ length: 3 }, () => [true, `${runId}:${action.id}`]),
    );
    expect((await kit.db.prisma.agentAction.findUniqueOrThrow({ where: { id: action.id } })).status).toBe('failed');
    expect(await eventNames(kit, runId)).toContain('action.failed');
    const tool = (await threadMessages(kit, threadId)).find((m) => m.role === 'tool');
    expect(tool?.data).toMatchObject({ ok: false, result: { error: { code: 'unavailable' } } });
    const audit = (await outboundAudit(kit, 'mcp__everything__echo')).filter((r) => r.runId === runId);
    expect(audit).toMatchObject([{ outcome: 'failure', errorCode: 'unavailable' }]);
  });

  it('reports a tool error to the model and as action.failed, and the run goes on', async () => {
    const { threadId, runId, action } = await proposal('call fail on the everything server');
    await decide(kit, runId, action.id, 'approve');
    const run = await kit.waitForRun('alice', runId, 'ends', ended);
    expect(run.status).toBe('completed');
    expect(await eventNames(kit, runId)).toContain('action.failed');
    const tool = (await threadMessages(kit, threadId)).find((m) => m.role === 'tool');
    expect(tool?.data).toMatchObject({
      ok: false,
      result: { error: { code: 'tool_error', message: 'the fixture refused' } },
    });
    const audit = (await outboundAudit(kit, 'mcp__everything__fail')).filter((r) => r.runId === runId);
    expect(audit).toMatchObject([{ outcome: 'failure', errorCode: 'tool_error' }]);
  });
});

describe('servers that cannot be reached', () => {
  it('leaves out the tools of a server that is down without failing a run that does not use them', async () => {
    const down = await addServer(kit, { name: 'down', url: 'http://127.0.0.1:1/mcp' });
    const { runId, threadId } = await startConversation(kit, 'alice', 'what is my leave balance?');
    const run = await kit.waitForRun('alice', runId, 'ends', ended);
    expect(run.status).toBe('completed');
    expect((await threadMessages(kit, threadId)).at(-1)?.role).toBe('assistant');
    const row = await kit.db.prisma.mcpServer.findUniqueOrThrow({ where: { id: down.id } });
    expect(row.lastError).toBeTruthy();
    expect(row.tools).toEqual([]);
    expect((await asAdmin(kit, 'DELETE', `/api/v1/admin/mcp-servers/${down.id}`)).statusCode).toBe(200);
  });

  it('fails the action clearly when its connector is offline, and the run goes on', async () => {
    const connector = await kit.db.prisma.mcpConnector.create({
      data: {
        tenantId: acme.tenantId,
        name: 'edge-office',
        pairingTokenHash: 'f'.repeat(64),
        pairingTokenHint: 'hrc_test',
        createdById: acme.adminId,
        // Marked online with its tools published, as the hub records it, but no replica polls its queue.
        online: true,
        lastSeenAt: new Date(),
        publishedTools: [
          {
            name: 'echo',
            description: 'Echoes back the message',
            inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
          },
        ],
      },
    });
    await addServer(kit, { name: 'edge', connectorId: connector.id });
    const { threadId, runId, action } = await proposal('call echo with hello on the edge server');
    expect(action).toMatchObject({ tool: 'mcp__edge__echo', system: 'edge (connector edge-office)' });
    await decide(kit, runId, action.id, 'approve');
    const run = await kit.waitForRun('alice', runId, 'ends', ended);
    expect(run.status).toBe('completed');
    const stored = await kit.db.prisma.agentAction.findUniqueOrThrow({ where: { id: action.id } });
    expect(stored.status).toBe('failed');
    expect(JSON.stringify(stored.error)).toContain('offline');
    recorded['connector-offline'] = runId;
    expect(await eventNames(kit, runId)).toContain('action.failed');
    const tool = (await threadMessages(kit, threadId)).find((m) => m.role === 'tool');
    expect(tool?.data).toMatchObject({ ok: false, result: { error: { code: 'unavailable' } } });
  });
});

describe('@modelcontextprotocol/server-everything by direct URL', () => {
  it('calls its echo tool after approval and gives the answer to the model', async () => {
    const moved = await asAdmin(kit, 'PATCH', `/api/v1/admin/mcp-servers/${serverId}`, {
      url: everything.url,
      bearerToken: null,
    });
    expect(moved.statusCode).toBe(200);
    const { threadId, runId, action } = await proposal('call echo with hello on the everything server');
    expect(action).toMatchObject({
      tool: 'mcp__everything__echo',
      system: `everything (${everything.url})`,
      description: 'echo: Echoes back the input string',
      arguments: { message: 'hello' },
    });
    await decide(kit, runId, action.id, 'approve');
    const run = await kit.waitForRun('alice', runId, 'ends', ended);
    expect(run.status).toBe('completed');
    const tool = (await threadMessages(kit, threadId)).find((m) => m.role === 'tool');
    expect(tool?.data).toMatchObject({ ok: true, result: { content: [{ type: 'text', text: 'Echo: hello' }] } });
  });
});

describe('the recorded histories', () => {
  it.each(['direct', 'connector-offline'])('replays the %s run against the current workflow code', async (kind) => {
    const runId = recorded[kind];
    expect(runId).toBeDefined();
    const history = await kit.temporal.client.workflow.getHandle(`run/${acme.tenantId}/${runId}`).fetchHistory();
    await Worker.runReplayHistory({ workflowBundle: await getWorkflowBundle() }, history);
    // `SVC_HR_RECORD_HISTORIES=1` keeps it as a fixture of the unit replay test (docs/temporal.md).
    if (process.env.SVC_HR_RECORD_HISTORIES === '1') {
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      const file = path.join(__dirname, '../../fixtures/histories', `agentRun-outbound-${kind}-${day}.json`);
      await writeFile(file, `${historyToJSON(history)}\n`);
    }
  });
});
