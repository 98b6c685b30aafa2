import type { LightMyRequestResponse } from 'fastify';
import { secretBoxOf } from '../../../engines/secrets/secretBox';
import { postWebhook } from '../../../engines/webhooks/post';
import { outboundTools } from '../../../mcp/outbound/catalogue';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { testConfig } from '../../support/config';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { startMcpFixtureServer, type McpFixtureServer } from '../../support/mcpFixtureServer';
import { startRecordingTarget, type RecordingTarget } from './recordingTarget';

/**
 * SSRF where the operator allows private networks (SVC_HR_ALLOW_PRIVATE_NETWORK=1): the cloud metadata service,
 * this host through its unspecified address, multicast and broadcast stay out of reach in every spelling, when a
 * URL is stored and when svc-hr connects; and a server's answer never comes back to the admin in `lastError`.
 * Targets are real local HTTP servers that record what reached them.
 */
const ENV = {
  SVC_HR_ALLOW_PRIVATE_NETWORK: '1',
  SVC_HR_RATE_LIMIT_PER_MINUTE: '100000',
  SVC_HR_MCP_CALL_TIMEOUT: '5s',
};
const SECRET_BODY = 'TARGET-ANSWER-aws-secret-access-key=wJalrXUtnFEMI';
let h: ApiHarness;
let target: RecordingTarget;
let fixture: McpFixtureServer;
let tenantId: string;
const tokens = new Map<DemoKey, string>();

beforeAll(async () => {
  [h, target, fixture] = await Promise.all([
    startApiHarness(ENV),
    startRecordingTarget(401, SECRET_BODY),
    startMcpFixtureServer(),
  ]);
  tenantId = (await h.db.prisma.user.findUniqueOrThrow({ where: { email: 'admin@acme.test' } })).tenantId;
});
afterAll(async () => {
  await Promise.all([h?.close(), target?.close(), fixture?.close()]);
});
beforeEach(() => {
  target.hits.length = 0;
});

async function call(who: DemoKey, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const token = tokens.get(who) ?? (await tokenFor(h.db.prisma, who));
  tokens.set(who, token);
  return h.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** The catalogue step a run's planning makes: lists every enabled server's tools (and records why one failed). */
async function listToolsAsARunWould() {
  const config = testConfig(ENV);
  return outboundTools(
    {
      prisma: h.db.prisma,
      box: secretBoxOf(config),
      allowPrivateNetwork: config.allowPrivateNetwork,
      toolsTtlMs: 0,
      timeoutMs: config.outbound.callTimeoutMs,
      connectorStaleAfterMs: 45_000,
    },
    tenantId,
  );
}

const serverOf = (res: LightMyRequestResponse) =>
  res.json<{ data: { server: { id: string; lastError: string | null; tools: Array<{ name: string }> } } }>().data
    .server;

const never = ', which svc-hr never calls, even where private networks are allowed';
const refused = (what: string) => ({
  error: { code: 'validation_error', message: `url is refused: ${what}${never}`, details: { field: 'url' } },
});

// [URL as an admin or integrator sends it, what the refusal says]
const forbidden: Array<[string, string]> = [
  ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local (cloud metadata) address'],
  ['http://[::ffff:169.254.169.254]/', '[::ffff:a9fe:a9fe] is a link-local (cloud metadata) address'],
  ['http://0xa9fea9fe/', '169.254.169.254 is a link-local (cloud metadata) address'],
  ['http://2852039166/', '169.254.169.254 is a link-local (cloud metadata) address'],
  ['http://0251.0376.0251.0376/', '169.254.169.254 is a link-local (cloud metadata) address'],
  ['http://169.254.169.254./', '169.254.169.254 is a link-local (cloud metadata) address'],
  ['http://[::a9fe:a9fe]/', '[::a9fe:a9fe] is a link-local (cloud metadata) address'],
  ['http://[fd00:ec2::254]/', '[fd00:ec2::254] is a cloud metadata address'],
  [
    'http://metadata.google.internal/computeMetadata/v1/',
    'metadata.google.internal is the name of a cloud metadata service',
  ],
  ['http://0.0.0.0:8080/mcp', '0.0.0.0 is an unspecified address'],
  ['http://0/', '0.0.0.0 is an unspecified address'],
  ['http://[::]/', '[::] is an unspecified address'],
  ['http://[fe80::1]/', '[fe80::1] is a link-local address'],
  ['http://224.0.0.1/', '224.0.0.1 is a multicast address'],
  ['http://[ff02::1]/', '[ff02::1] is a multicast address'],
  ['http://255.255.255.255/', '255.255.255.255 is a broadcast address'],
];

describe('storing a URL, with private networks allowed', () => {
  it.each(forbidden)('create_mcp_server refuses %s and stores nothing', async (url, what) => {
    const before = await h.db.prisma.mcpServer.count();
    const res = await call('admin', 'POST', '/api/v1/admin/mcp-servers', { name: 'meta', url, bearerToken: 's3cret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(what));
    expect(await h.db.prisma.mcpServer.count()).toBe(before);
  });

  it.each(forbidden)('create_agent_webhook refuses %s and stores nothing', async (url, what) => {
    const before = await h.db.prisma.agentWebhook.count();
    const res = await call('alice', 'POST', '/api/v1/agent/webhooks', { url, events: ['run.completed'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(what));
    expect(await h.db.prisma.agentWebhook.count()).toBe(before);
  });

  it('update_mcp_server refuses a metadata URL and leaves the server as it was', async () => {
    const made = serverOf(
      await call('admin', 'POST', '/api/v1/admin/mcp-servers', { name: 'moving', url: fixture.url }),
    );
    const res = await call('admin', 'PATCH', `/api/v1/admin/mcp-servers/${made.id}`, { url: 'http://0xa9fea9fe/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('169.254.169.254 is a link-local (cloud metadata) address'));
    expect((await h.db.prisma.mcpServer.findUniqueOrThrow({ where: { id: made.id } })).url).toBe(fixture.url);
  });

  it('still accepts a loopback server, and lists its tools through the guarded connection', async () => {
    const res = await call('admin', 'POST', '/api/v1/admin/mcp-servers', { name: 'local', url: fixture.url });
    expect(res.statusCode).toBe(201);
    const tools = await listToolsAsARunWould();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['mcp__local__echo', 'mcp__local__fail']));
  });
});

describe('what a server answers stays with svc-hr', () => {
  it("records why listing failed in lastError without the server's own words", async () => {
    const made = serverOf(
      await call('admin', 'POST', '/api/v1/admin/mcp-servers', {
        name: 'talkative',
        url: `http://127.0.0.1:${target.port}/mcp`,
        bearerToken: 'bearer-for-talkative',
      }),
    );
    await listToolsAsARunWould();
    expect(target.hits.length).toBeGreaterThan(0);
    const res = await call('admin', 'GET', `/api/v1/admin/mcp-servers/${made.id}`);
    expect(serverOf(res).lastError).toBe('HTTP 401 from the server');
    expect(res.body).not.toContain('TARGET-ANSWER');
    expect((await call('admin', 'GET', '/api/v1/admin/mcp-servers')).body).not.toContain('TARGET-ANSWER');
    await h.db.prisma.mcpServer.delete({ where: { id: made.id } });
  });
});

describe('connecting, with private networks allowed', () => {
  it('refuses a stored URL that points at the unspecified address, sending nothing', async () => {
    const made = serverOf(
      await call('admin', 'POST', '/api/v1/admin/mcp-servers', {
        name: 'stored-before',
        url: `http://127.0.0.1:${target.port}/mcp`,
        bearerToken: 'bearer-never-sent',
      }),
    );
    // As if stored by an earlier version: 0.0.0.0 reaches this very host, where the target listens.
    await h.db.prisma.mcpServer.update({
      where: { id: made.id },
      data: { url: `http://0.0.0.0:${target.port}/mcp` },
    });
    await listToolsAsARunWould();
    expect(target.hits).toEqual([]);
    const res = await call('admin', 'GET', `/api/v1/admin/mcp-servers/${made.id}`);
    expect(serverOf(res).lastError).toBe(`url is refused: 0.0.0.0 is an unspecified address${never}`);
    await h.db.prisma.mcpServer.delete({ where: { id: made.id } });
  });

  it.each([['0.0.0.0'], ['0'], ['[::ffff:0.0.0.0]'], ['0x0']])(
    'never delivers a webhook to %s, which reaches this host',
    async (host) => {
      const result = await postWebhook(
        `http://${host}:${target.port}/hooks`,
        '{"type":"run.completed"}',
        { 'webhook-id': 'msg_1' },
        { timeoutMs: 2000, allowPrivateNetwork: true },
      );
      expect(result.statusCode).toBeUndefined();
      expect(result.error).toMatch(/ is an unspecified address, which svc-hr never calls/);
      expect(target.hits).toEqual([]);
    },
  );
});
