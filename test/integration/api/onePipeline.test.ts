import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createAgentActivityDeps } from '../../../activities/agent/toolDeps';
import { executeTool } from '../../../activities/agent/tools';
import { authenticate } from '../../../engines/tokens/authenticate';
import { operations } from '../../../operations';
import { defineOperation } from '../../../operations/defineOperation';
import { deriveTools } from '../../../operations/tools';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { testConfig } from '../../support/config';
import { bearer, tokenFor } from '../../support/identity';

/**
 * REST, MCP and the agent's tools are adapters over one pipeline (operations/invoke.ts). A test-only operation that
 * records its calls is offered on all three; what invoke decides (access, validation, idempotency, x-tenant-id, the
 * output schema, the audit record) is seen the same on each.
 */
const handled: Array<{ note: string; userEmail: string }> = [];

const probePipeline = defineOperation({
  name: 'probe_pipeline',
  method: 'POST',
  path: '/api/v1/test/probe-pipeline',
  access: 'leave:write',
  tag: 'Test',
  summary: 'Records its calls (test only)',
  input: { body: z.strictObject({ note: z.string().max(50) }) },
  output: z.object({ note: z.string(), calls: z.number().int() }),
  idempotent: true,
  mcp: { tool: 'probe_pipeline', annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false } },
  handler: async (ctx, input) => {
    handled.push({ note: input.body.note, userEmail: ctx.actor.user.email });
    // A key outside the output schema: every surface answers without it.
    return { note: input.body.note, calls: handled.length, internal: 'never answered' };
  },
});

let h: ApiHarness;
let agent: ReturnType<typeof createAgentActivityDeps>;
let token: string;
let readOnlyToken: string;

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000' }, {}, [...operations, probePipeline]);
  agent = createAgentActivityDeps({ config: testConfig(), prisma: h.db.prisma });
  token = await tokenFor(h.db.prisma, 'alice');
  readOnlyToken = await tokenFor(h.db.prisma, 'alice', ['leave:read']);
});
afterAll(async () => {
  await agent?.stop();
  await h?.close();
});
beforeEach(() => {
  handled.length = 0;
});

function viaRest(body: unknown, opts: { token?: string; headers?: Record<string, string> } = {}) {
  return h.app.inject({
    method: 'POST',
    url: '/api/v1/test/probe-pipeline',
    headers: { ...bearer(opts.token ?? token), 'content-type': 'application/json', ...opts.headers },
    payload: JSON.stringify(body),
  });
}

interface ToolResult {
  isError?: boolean;
  structuredContent?: unknown;
  content: Array<{ text: string }>;
  _meta?: Record<string, unknown>;
}

async function viaMcp(
  args: unknown,
  opts: { token?: string; headers?: Record<string, string>; meta?: Record<string, unknown> } = {},
): Promise<ToolResult> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: {
      ...bearer(opts.token ?? token),
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...opts.headers,
    },
    payload: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'probe_pipeline', arguments: args, ...(opts.meta ? { _meta: opts.meta } : {}) },
    }),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { result: ToolResult }).result;
}

async function viaAgent(args: Record<string, unknown>, opts: { token?: string } = {}) {
  const actor = await authenticate(h.db.prisma, opts.token ?? token);
  return executeTool(
    agent.toolDeps,
    agent.log,
    actor,
    { tool: 'probe_pipeline', arguments: args, requestId: randomUUID(), runId: randomUUID() },
    deriveTools([probePipeline]),
  );
}

const errorOf = (result: ToolResult) => (JSON.parse(result.content[0]!.text) as { error: { code: string } }).error;

/**
 * The chained audit records of the probe's calls (flush chains what any process appended before it), in the order
 * of surface, outcome and code: the API and the agent append through two sequencers, which chain in either order.
 */
async function auditedCalls() {
  await agent.toolDeps.auditSequencer.flush();
  const records = await h.db.prisma.auditRecord.findMany({
    where: { operation: 'probe_pipeline' },
    select: { surface: true, outcome: true, errorCode: true },
  });
  const order = (r: { surface: string; outcome: string; errorCode: string | null }) =>
    `${['rest', 'mcp', 'agent'].indexOf(r.surface)}:${r.outcome}:${r.errorCode ?? ''}`;
  return records.sort((a, b) => order(a).localeCompare(order(b)));
}

describe('one pipeline for REST, MCP and the agent', () => {
  it('runs the handler once per call on each surface, answers by the output schema and records the surface', async () => {
    const rest = await viaRest({ note: 'rest' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ data: { note: 'rest', calls: 1 } });
    expect(rest.headers['x-audit-id']).toEqual(expect.any(String));

    const mcp = await viaMcp({ note: 'mcp' });
    expect(mcp.isError).toBeUndefined();
    expect(mcp.structuredContent).toEqual({ note: 'mcp', calls: 2 });

    const viaTool = await viaAgent({ note: 'agent' });
    expect(viaTool).toEqual({ ok: true, result: { note: 'agent', calls: 3 } });

    expect(handled).toEqual([
      { note: 'rest', userEmail: 'alice@acme.test' },
      { note: 'mcp', userEmail: 'alice@acme.test' },
      { note: 'agent', userEmail: 'alice@acme.test' },
    ]);
    expect(await auditedCalls()).toEqual([
      { surface: 'rest', outcome: 'success', errorCode: null },
      { surface: 'mcp', outcome: 'success', errorCode: null },
      { surface: 'agent', outcome: 'success', errorCode: null },
    ]);
  });

  it('refuses an unknown key and a missing scope alike on every surface, without running the handler', async () => {
    const unknownKey = { note: 'x', extra: 1 };
    const rest = await viaRest(unknownKey);
    expect(rest.statusCode).toBe(400);
    expect(rest.json().error.code).toBe('validation_error');
    expect(errorOf(await viaMcp(unknownKey)).code).toBe('validation_error');
    const tool = await viaAgent(unknownKey);
    expect(tool.ok).toBe(false);
    expect((tool.result as { error: { code: string } }).error.code).toBe('validation_error');

    // Without leave:write the tool is not offered to the agent at all; REST and MCP answer 403 forbidden.
    expect((await viaRest({ note: 'x' }, { token: readOnlyToken })).statusCode).toBe(403);
    expect(errorOf(await viaMcp({ note: 'x' }, { token: readOnlyToken })).code).toBe('forbidden');
    expect((await viaAgent({ note: 'x' }, { token: readOnlyToken })).ok).toBe(false);
    expect(handled).toEqual([]);
    expect((await auditedCalls()).filter((r) => r.outcome === 'failure')).toEqual([
      { surface: 'rest', outcome: 'failure', errorCode: 'forbidden' },
      { surface: 'rest', outcome: 'failure', errorCode: 'validation_error' },
      { surface: 'mcp', outcome: 'failure', errorCode: 'forbidden' },
      { surface: 'mcp', outcome: 'failure', errorCode: 'validation_error' },
      { surface: 'agent', outcome: 'failure', errorCode: 'validation_error' },
    ]);
  });

  it('honours an Idempotency-Key over MCP, sent in _meta: one run, the same answer replayed, reuse refused', async () => {
    const meta = { 'svc-hr/idempotency-key': `probe-${randomUUID()}` };
    const first = await viaMcp({ note: 'once' }, { meta });
    const again = await viaMcp({ note: 'once' }, { meta });
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(first._meta).toBeUndefined();
    expect(again._meta).toEqual({ 'svc-hr/idempotent-replayed': true });
    expect(handled).toHaveLength(1);

    const reused = await viaMcp({ note: 'another' }, { meta });
    expect(errorOf(reused).code).toBe('idempotency_key_reused');
    const malformed = await viaMcp({ note: 'x' }, { meta: { 'svc-hr/idempotency-key': 'with space' } });
    expect(errorOf(malformed).code).toBe('validation_error');
    expect(handled).toHaveLength(1);
  });

  it('replays a REST call with the same Idempotency-Key, through the same pipeline', async () => {
    const key = `probe-${randomUUID()}`;
    const first = await viaRest({ note: 'rest-once' }, { headers: { 'idempotency-key': key } });
    const again = await viaRest({ note: 'rest-once' }, { headers: { 'idempotency-key': key } });
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(handled).toHaveLength(1);
  });

  it("honours x-tenant-id over MCP: another workspace's id is refused, the credential's own passes", async () => {
    const refused = await viaMcp({ note: 'x' }, { headers: { 'x-tenant-id': randomUUID() } });
    expect(refused.isError).toBe(true);
    expect(errorOf(refused).code).toBe('forbidden');
    expect(handled).toEqual([]);

    const me = await h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    const own = await viaMcp({ note: 'own' }, { headers: { 'x-tenant-id': me.json().data.tenant.id } });
    expect(own.isError).toBeUndefined();
    expect(handled).toEqual([{ note: 'own', userEmail: 'alice@acme.test' }]);
  });

  it('answers 400 naming x-tenant-id when it is not a uuid, on REST and MCP, without running the handler', async () => {
    for (const header of ['acme', '', `${randomUUID()}x`, 'DROP TABLE tenants']) {
      const rest = await viaRest({ note: 'x' }, { headers: { 'x-tenant-id': header } });
      expect(rest.statusCode).toBe(400);
      expect(rest.json().error).toEqual({
        code: 'validation_error',
        message: "x-tenant-id: must be the workspace's uuid",
        details: { in: 'headers', issues: [{ field: 'x-tenant-id', message: "must be the workspace's uuid" }] },
      });
      // An empty header is not sent by fetch: MCP sees only the others.
      if (header !== '') {
        expect(errorOf(await viaMcp({ note: 'x' }, { headers: { 'x-tenant-id': header } })).code).toBe(
          'validation_error',
        );
      }
    }
    expect(handled).toEqual([]);

    // The workspace's own uuid in capitals is still its uuid.
    const me = await h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    const own = await viaRest(
      { note: 'upper' },
      { headers: { 'x-tenant-id': me.json().data.tenant.id.toUpperCase() } },
    );
    expect(own.statusCode).toBe(200);
    expect(handled).toEqual([{ note: 'upper', userEmail: 'alice@acme.test' }]);
  });
});
