import { ApplicationFailure } from '@temporalio/common';
import { createAgentActivities } from '../../../activities/agent';
import { createAgentActivityDeps } from '../../../activities/agent/toolDeps';
import type { Actor } from '../../../engines/access/actor';
import { decideActions } from '../../../engines/agent/actions';
import { createRun } from '../../../engines/agent/runs';
import { createThread } from '../../../engines/agent/threads';
import { loadSecretBox } from '../../../engines/secrets/secretBox';
import { createServer } from '../../../engines/outbound/servers';
import { authenticate } from '../../../engines/tokens/authenticate';
import {
  ApprovedOutboundAction,
  assertApproved,
  loadApprovedOutboundAction,
  OutboundActionNotApproved,
} from '../../../mcp/outbound/approvedAction';
import { callApprovedTool, connectorCallOf } from '../../../mcp/outbound/approvedCall';
import type { AgentModel, ModelStep } from '../../../model/types';
import { testConfig } from '../../support/config';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { seedDemoTenants, tokenFor } from '../../support/identity';
import { startMcpFixtureServer, type McpFixtureServer } from '../../support/mcpFixtureServer';

/**
 * The approval gate tried from every side: the real activities on a real database, our recording MCP server, and
 * no workflow in the way, so each path is called directly as a bug (or a hand-written caller) would. The fixture
 * must see a tools/call only where a person approved the action.
 */
let db: TestDatabase;
let fixture: McpFixtureServer;
let other: McpFixtureServer;
let agent: ReturnType<typeof createAgentActivityDeps>;
let activities: ReturnType<typeof createAgentActivities>;
let alice: Actor;
let admin: Actor;
/** What a scripted model plans next (a test double of a provider model, which can answer anything). */
let nextStep: ModelStep = { type: 'reply', text: 'done' };

const config = testConfig({ SVC_HR_ALLOW_PRIVATE_NETWORK: '1' });
const echo = 'mcp__gated__echo';

beforeAll(async () => {
  fixture = await startMcpFixtureServer();
  other = await startMcpFixtureServer();
  db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  const model: AgentModel = { name: 'scripted', next: async () => nextStep };
  agent = createAgentActivityDeps({ config, prisma: db.prisma, model });
  activities = createAgentActivities({ prisma: db.prisma, ...agent });
  alice = await authenticate(db.prisma, await tokenFor(db.prisma, 'alice'));
  admin = await authenticate(db.prisma, await tokenFor(db.prisma, 'admin'));
  const box = loadSecretBox({ key: undefined, dataDir: config.dataDir });
  await createServer({ prisma: db.prisma, box, allowPrivateNetwork: true }, admin, { name: 'gated', url: fixture.url });
}, 60_000);

afterAll(async () => {
  await agent?.stop();
  await db?.drop();
  await fixture?.close();
  await other?.close();
});

/** A run of alice's with one pending action calling `tool`, made by the real requestAgentActions activity. */
async function pendingAction(tool = echo, args: Record<string, unknown> = { message: 'hi' }) {
  const thread = await createThread(db.prisma, alice, 'gate');
  const run = await createRun(db.prisma, alice, thread.id, 'gate');
  const [actionId] = await activities.requestAgentActions({
    runId: run.id,
    calls: [{ id: 'call_1_0', tool, arguments: args, kind: 'external' }],
  });
  return { runId: run.id, actionId: actionId! };
}

const status = async (id: string) => (await db.prisma.agentAction.findUniqueOrThrow({ where: { id } })).status;
const callsNow = () => fixture.calls.length + other.calls.length;

describe('the approval gate of outbound calls', () => {
  it('plans an mcp__ call as external (an approval) whatever its case, even for a tool no server offers', async () => {
    const thread = await createThread(db.prisma, alice, 'plan');
    const run = await createRun(db.prisma, alice, thread.id, 'plan');
    const tools = [echo, 'MCP__gated__echo', 'mcp__nosuch__echo'];
    nextStep = { type: 'tool_calls', calls: tools.map((tool, i) => ({ id: `call_1_${i}`, tool, arguments: {} })) };
    const outcome = await activities.planAgentStep({ runId: run.id, step: 1 });
    expect(outcome.kind === 'tools' && outcome.calls.map((c) => c.kind)).toEqual(['external', 'external', 'external']);
  });

  it('refuses to run an mcp__ tool as a read, and calls nothing', async () => {
    const before = callsNow();
    const thread = await createThread(db.prisma, alice, 'read');
    const run = await createRun(db.prisma, alice, thread.id, 'read');
    for (const tool of [echo, 'Mcp__Gated__Echo']) {
      await activities.runReadTool({ runId: run.id, call: { id: `c_${tool}`, tool, arguments: {}, kind: 'read' } });
    }
    const results = await db.prisma.agentMessage.findMany({ where: { runId: run.id, role: 'tool' } });
    expect(
      results.map((m) => (m.data as { ok: boolean; result: { error: { code: string } } }).result.error.code),
    ).toEqual(['forbidden', 'forbidden']);
    expect(callsNow()).toBe(before);
  });

  it('shows the approver the server, the tool description and the arguments', async () => {
    const { actionId } = await pendingAction(echo, { message: 'look' });
    const row = await db.prisma.agentAction.findUniqueOrThrow({ where: { id: actionId } });
    expect(row).toMatchObject({
      system: `gated (${fixture.url})`,
      description: 'echo: Echoes back the message',
      arguments: { message: 'look' },
      status: 'pending',
    });
  });

  it('calls nothing for a pending action, whichever activity is called', async () => {
    const before = callsNow();
    const { runId, actionId } = await pendingAction();
    await activities.settleAgentAction({ runId, actionId });
    expect(await activities.prepareOutboundCall({ runId, actionId })).toEqual({ via: 'settle' });
    await expect(
      activities.recordOutboundOutcome({ runId, actionId, outcome: { result: { content: [] } } }),
    ).resolves.toBeUndefined();
    await expect(loadApprovedOutboundAction(db.prisma, actionId)).rejects.toBeInstanceOf(OutboundActionNotApproved);
    expect(await status(actionId)).toBe('pending');
    expect(callsNow()).toBe(before);
  });

  it('calls nothing for a rejected action and tells the model the user declined', async () => {
    const before = callsNow();
    const { runId, actionId } = await pendingAction();
    await decideActions(db.prisma, alice, runId, { decision: 'reject', actionId });
    await activities.settleAgentAction({ runId, actionId });
    await expect(loadApprovedOutboundAction(db.prisma, actionId)).rejects.toBeInstanceOf(OutboundActionNotApproved);
    expect(await activities.prepareOutboundCall({ runId, actionId })).toEqual({ via: 'settle' });
    expect(await status(actionId)).toBe('rejected');
    const result = await db.prisma.agentMessage.findFirstOrThrow({ where: { runId, role: 'tool' } });
    expect(result.data).toMatchObject({ ok: false, result: { error: { code: 'rejected_by_user' } } });
    expect(callsNow()).toBe(before);
  });

  it.each([
    ['approved with no decision recorded', 'approved', undefined],
    ['approved by someone other than the run’s user', 'approved', 'admin'],
    ['marked executing with no decision recorded', 'executing', undefined],
  ] as const)('refuses an action %s (written straight to the database), and calls nothing', async (_what, to, by) => {
    const before = callsNow();
    const { runId, actionId } = await pendingAction();
    await db.prisma.agentAction.update({
      where: { id: actionId },
      data: { status: to, ...(by ? { decidedAt: new Date(), decidedByUserId: admin.user.id } : {}) },
    });
    const settled = activities.settleAgentAction({ runId, actionId });
    await expect(settled).rejects.toBeInstanceOf(ApplicationFailure);
    await expect(settled).rejects.toMatchObject({ nonRetryable: true, type: 'OutboundActionNotApproved' });
    await expect(activities.prepareOutboundCall({ runId, actionId })).rejects.toMatchObject({ nonRetryable: true });
    expect(callsNow()).toBe(before);
  });

  it('refuses an ApprovedOutboundAction that loadApprovedOutboundAction did not make', async () => {
    const before = callsNow();
    const { runId, actionId } = await pendingAction();
    const forged = Object.assign(Object.create(ApprovedOutboundAction.prototype) as object, {
      actionId,
      runId,
      tenantId: alice.tenant.id,
      userId: alice.user.id,
      tool: echo,
      toolName: 'echo',
      server: { id: 'x', name: 'gated', url: fixture.url, connectorId: null },
      args: { message: 'forged' },
      idempotencyKey: `${runId}:${actionId}`,
      status: 'approved',
    }) as unknown as ApprovedOutboundAction;
    expect(() => assertApproved(forged)).toThrow(OutboundActionNotApproved);
    const deps = {
      prisma: db.prisma,
      box: loadSecretBox({ key: undefined, dataDir: config.dataDir }),
      allowPrivateNetwork: true,
      timeoutMs: 5000,
    };
    await expect(callApprovedTool(forged, deps)).rejects.toBeInstanceOf(OutboundActionNotApproved);
    expect(() => connectorCallOf(forged)).toThrow(OutboundActionNotApproved);
    expect(callsNow()).toBe(before);
  });

  it('does not call a server changed, disabled or removed after the approval, and reports why', async () => {
    const before = callsNow();
    const server = await db.prisma.mcpServer.findFirstOrThrow({ where: { name: 'gated' } });
    const cases: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
      [
        'changed',
        () => db.prisma.mcpServer.update({ where: { id: server.id }, data: { url: other.url } }),
        () => db.prisma.mcpServer.update({ where: { id: server.id }, data: { url: fixture.url } }),
      ],
      [
        'disabled',
        () => db.prisma.mcpServer.update({ where: { id: server.id }, data: { enabled: false } }),
        () => db.prisma.mcpServer.update({ where: { id: server.id }, data: { enabled: true } }),
      ],
    ];
    for (const [word, change, undo] of cases) {
      const { runId, actionId } = await pendingAction();
      await decideActions(db.prisma, alice, runId, { decision: 'approve', actionId });
      await change();
      await activities.settleAgentAction({ runId, actionId });
      await undo();
      expect(await status(actionId)).toBe('failed');
      const row = await db.prisma.agentAction.findUniqueOrThrow({ where: { id: actionId } });
      expect(row.error).toMatchObject({ error: { code: 'conflict' } });
      expect(JSON.stringify(row.error)).toContain(word);
    }
    const { runId, actionId } = await pendingAction('mcp__nosuch__echo');
    await decideActions(db.prisma, alice, runId, { decision: 'approve', actionId });
    await activities.settleAgentAction({ runId, actionId });
    expect(await db.prisma.agentAction.findUniqueOrThrow({ where: { id: actionId } })).toMatchObject({
      status: 'failed',
      error: { error: { code: 'conflict' } },
    });
    expect(callsNow()).toBe(before);
  });

  it('routes an approved action of our own tools beside outbound ones to the settle path', async () => {
    const { runId, actionId } = await pendingAction('create_leave_request', { start_date: '2031-01-06' });
    await decideActions(db.prisma, alice, runId, { decision: 'approve', actionId });
    expect(await activities.prepareOutboundCall({ runId, actionId })).toEqual({ via: 'settle' });
    expect(await status(actionId)).toBe('approved');
  });

  it('calls an approved action exactly once, with its own idempotency key, however often it is settled', async () => {
    const before = fixture.calls.length;
    const { runId, actionId } = await pendingAction(echo, { message: 'once' });
    await decideActions(db.prisma, alice, runId, { decision: 'approve', actionId });
    await activities.settleAgentAction({ runId, actionId });
    await activities.settleAgentAction({ runId, actionId });
    expect(await activities.prepareOutboundCall({ runId, actionId })).toEqual({ via: 'settle' });
    expect(await status(actionId)).toBe('succeeded');
    expect(fixture.calls.slice(before).map((c) => [c.arguments.message, c.idempotencyKey])).toEqual([
      ['once', `${runId}:${actionId}`],
    ]);
  });
});
