import type { LightMyRequestResponse } from 'fastify';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { onceEach } from '../../support/auditRows';

/**
 * The connection settings' allow-list of outbound MCP servers, through the HTTP API as an admin uses it: who may
 * change it, what a bad request answers (and that it writes nothing), and that secrets never come back.
 * The harness allows no private network (as production), so valid URLs use a public address literal.
 */
let h: ApiHarness;
const tokens = new Map<DemoKey, string>();
const PUBLIC_URL = 'https://203.0.113.30/mcp';

async function call(who: DemoKey, method: string, url: string, payload?: object): Promise<LightMyRequestResponse> {
  let token = tokens.get(who);
  if (!token) {
    token = await tokenFor(h.db.prisma, who);
    tokens.set(who, token);
  }
  return h.app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

const serverCount = () => h.db.prisma.mcpServer.count();

/** Every audit record of `operation` so far, chained or still pending. */
async function auditOf(operation: string): Promise<Array<{ arguments: unknown; outcome: string }>> {
  const select = { id: true, arguments: true, outcome: true } as const;
  return onceEach([
    ...(await h.db.prisma.auditPending.findMany({ where: { operation }, select })),
    ...(await h.db.prisma.auditRecord.findMany({ where: { operation }, select })),
  ]);
}

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

describe('allow-listing an MCP server', () => {
  it('lets an admin add a server by https URL with a bearer secret and headers, returning header names only', async () => {
    const res = await call('admin', 'POST', '/api/v1/admin/mcp-servers', {
      name: 'crm',
      url: PUBLIC_URL,
      headers: { 'X-Api-Key': 'key-value-1', 'X-Team': 'people-ops-secret-ish' },
      bearerToken: 'bearer-value-1',
    });
    expect(res.statusCode).toBe(201);
    const server = res.json<{ data: { server: Record<string, unknown> } }>().data.server;
    expect(server).toMatchObject({
      name: 'crm',
      url: PUBLIC_URL,
      connectorId: null,
      enabled: true,
      headerNames: ['X-Api-Key', 'X-Team', 'Authorization'],
      tools: [],
    });
    for (const secret of ['key-value-1', 'people-ops-secret-ish', 'bearer-value-1']) {
      expect(res.body).not.toContain(secret);
      expect((await call('admin', 'GET', '/api/v1/admin/mcp-servers')).body).not.toContain(secret);
      expect((await call('admin', 'GET', `/api/v1/admin/mcp-servers/${String(server.id)}`)).body).not.toContain(secret);
    }
    // Sealed at rest: the row holds neither value in clear.
    const row = await h.db.prisma.mcpServer.findUniqueOrThrow({ where: { id: String(server.id) } });
    expect(row.headersSealed).toMatch(/^v1:/);
    expect(row.headersSealed).not.toContain('key-value-1');
    expect(row.headersSealed).not.toContain('bearer-value-1');
    // Audited with the header names, never their values.
    const audit = await auditOf('create_mcp_server');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.outcome).toBe('success');
    const text = JSON.stringify(audit[0]!.arguments);
    expect(text).toContain('X-Team');
    for (const secret of ['key-value-1', 'people-ops-secret-ish', 'bearer-value-1']) expect(text).not.toContain(secret);
  });

  it('lets the owner list, read, disable, change and remove servers', async () => {
    const made = await call('owner', 'POST', '/api/v1/admin/mcp-servers', { name: 'wiki', url: PUBLIC_URL });
    expect(made.statusCode).toBe(201);
    const id = made.json<{ data: { server: { id: string } } }>().data.server.id;
    const list = await call('owner', 'GET', '/api/v1/admin/mcp-servers');
    expect(list.json<{ data: { servers: Array<{ name: string }> } }>().data.servers.map((s) => s.name)).toContain(
      'wiki',
    );
    const disabled = await call('owner', 'PATCH', `/api/v1/admin/mcp-servers/${id}`, { enabled: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<{ data: { server: { enabled: boolean } } }>().data.server.enabled).toBe(false);
    const moved = await call('owner', 'PATCH', `/api/v1/admin/mcp-servers/${id}`, {
      url: 'https://203.0.113.31/mcp',
      bearerToken: 'new-bearer',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ data: { server: { url: string; headerNames: string[] } } }>().data.server).toMatchObject({
      url: 'https://203.0.113.31/mcp',
      headerNames: ['Authorization'],
    });
    expect(moved.body).not.toContain('new-bearer');
    const cleared = await call('owner', 'PATCH', `/api/v1/admin/mcp-servers/${id}`, { headers: null });
    expect(cleared.json<{ data: { server: { headerNames: string[] } } }>().data.server.headerNames).toEqual([]);
    const removed = await call('owner', 'DELETE', `/api/v1/admin/mcp-servers/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(await h.db.prisma.mcpServer.findUnique({ where: { id } })).toBeNull();
    expect((await call('owner', 'GET', `/api/v1/admin/mcp-servers/${id}`)).statusCode).toBe(404);
  });

  it('adds a server reached through a connector, listing the tools the connector published', async () => {
    const admin = await h.db.prisma.user.findUniqueOrThrow({ where: { email: 'admin@acme.test' } });
    const connector = await h.db.prisma.mcpConnector.create({
      data: {
        tenantId: admin.tenantId,
        name: 'office',
        pairingTokenHash: 'e'.repeat(64),
        pairingTokenHint: 'hrc_test',
        createdById: admin.id,
        publishedTools: [{ name: 'lookup', description: 'Finds a record', inputSchema: { type: 'object' } }],
      },
    });
    const res = await call('admin', 'POST', '/api/v1/admin/mcp-servers', { name: 'office', connectorId: connector.id });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: { server: object } }>().data.server).toMatchObject({
      url: null,
      connectorId: connector.id,
      tools: [{ name: 'lookup', description: 'Finds a record' }],
    });
    const id = res.json<{ data: { server: { id: string } } }>().data.server.id;
    const patched = await call('admin', 'PATCH', `/api/v1/admin/mcp-servers/${id}`, { url: PUBLIC_URL });
    expect(patched.statusCode).toBe(400);
    expect((await h.db.prisma.mcpServer.findUniqueOrThrow({ where: { id } })).url).toBeNull();
  });

  it.each(['alice', 'manager', 'director', 'hr'] as const)(
    'answers 403 to %s (not ADMIN or OWNER) and writes nothing',
    async (who) => {
      const before = await serverCount();
      const res = await call(who, 'POST', '/api/v1/admin/mcp-servers', { name: `by-${who}`, url: PUBLIC_URL });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('forbidden');
      expect(await serverCount()).toBe(before);
      expect((await call(who, 'GET', '/api/v1/admin/mcp-servers')).statusCode).toBe(403);
    },
  );

  it('never shows another workspace its servers', async () => {
    const made = await call('admin', 'POST', '/api/v1/admin/mcp-servers', { name: 'acme-only', url: PUBLIC_URL });
    const id = made.json<{ data: { server: { id: string } } }>().data.server.id;
    // Globex has no admin in the demo: its HR manager is refused before any look-up.
    expect((await call('globexHr', 'GET', `/api/v1/admin/mcp-servers/${id}`)).statusCode).toBe(403);
    await h.db.prisma.user.updateMany({ where: { email: 'hr@globex.test' }, data: { role: 'ADMIN' } });
    try {
      const res = await call('globexHr', 'GET', `/api/v1/admin/mcp-servers/${id}`);
      expect(res.statusCode).toBe(404);
      const list = await call('globexHr', 'GET', '/api/v1/admin/mcp-servers');
      expect(list.json<{ data: { servers: unknown[] } }>().data.servers).toEqual([]);
    } finally {
      await h.db.prisma.user.updateMany({ where: { email: 'hr@globex.test' }, data: { role: 'HR_MANAGER' } });
    }
  });

  const badInputs: Array<[string, object, string]> = [
    ['a name with capitals', { name: 'Everything', url: PUBLIC_URL }, 'name'],
    ['a name with underscores', { name: 'every_thing', url: PUBLIC_URL }, 'name'],
    ['a name over 32 characters', { name: 'a'.repeat(33), url: PUBLIC_URL }, 'name'],
    ['plain http without the operator flag', { name: 'plain', url: 'http://203.0.113.30/mcp' }, 'https'],
    ['a loopback address', { name: 'loop', url: 'https://127.0.0.1/mcp' }, 'private'],
    ['a private IPv4 address', { name: 'lan', url: 'https://10.1.2.3/mcp' }, 'private'],
    ['cloud metadata (link-local)', { name: 'meta', url: 'https://169.254.169.254/latest' }, 'private'],
    ['a unique-local IPv6 address', { name: 'ula', url: 'https://[fd00::1]/mcp' }, 'private'],
    ['an IPv4-mapped loopback', { name: 'mapped', url: 'https://[::ffff:127.0.0.1]/mcp' }, 'private'],
    ['a name resolving to loopback', { name: 'localhost', url: 'https://localhost/mcp' }, 'private'],
    ['credentials in the URL', { name: 'creds', url: 'https://u:p@203.0.113.30/mcp' }, 'user name'],
    ['not a URL', { name: 'nourl', url: 'mcp.example.com' }, 'absolute'],
    [
      'both url and connectorId',
      { name: 'both', url: PUBLIC_URL, connectorId: '0195f1a0-0000-7000-8000-000000000001' },
      'exactly one',
    ],
    ['neither url nor connectorId', { name: 'neither' }, 'exactly one'],
    ['an unknown connectorId', { name: 'ghost', connectorId: '0195f1a0-0000-7000-8000-000000000001' }, 'connector'],
    [
      'headers with a connector',
      { name: 'hdr', connectorId: '0195f1a0-0000-7000-8000-000000000001', headers: { A: 'b' } },
      'url only',
    ],
    [
      'an attribution header',
      { name: 'spoof', url: PUBLIC_URL, headers: { 'X-Svc-Hr-User': 'someone' } },
      'set by svc-hr',
    ],
    [
      'a header value with a line break',
      { name: 'crlf', url: PUBLIC_URL, headers: { 'X-A': 'a\r\nX-B: b' } },
      'line breaks',
    ],
    ['a bad header name', { name: 'badname', url: PUBLIC_URL, headers: { 'X A': 'b' } }, 'header name'],
    [
      'bearerToken and an Authorization header',
      { name: 'twice', url: PUBLIC_URL, bearerToken: 't', headers: { Authorization: 'x' } },
      'not both',
    ],
    ['an unknown field', { name: 'extra', url: PUBLIC_URL, secret: 'x' }, ''],
  ];
  it.each(badInputs)('answers validation_error for %s and writes nothing', async (_what, body, hint) => {
    const before = await serverCount();
    const res = await call('admin', 'POST', '/api/v1/admin/mcp-servers', body);
    expect(res.statusCode).toBe(400);
    const error = res.json<{ error: { code: string; message: string } }>().error;
    expect(error.code).toBe('validation_error');
    expect(error.message.toLowerCase()).toContain(hint.toLowerCase());
    expect(await serverCount()).toBe(before);
  });

  it('answers 409 conflict for a name already in use, and keeps the first server as it was', async () => {
    expect(
      (await call('admin', 'POST', '/api/v1/admin/mcp-servers', { name: 'dup', url: PUBLIC_URL })).statusCode,
    ).toBe(201);
    const before = await serverCount();
    const res = await call('admin', 'POST', '/api/v1/admin/mcp-servers', {
      name: 'dup',
      url: 'https://203.0.113.99/x',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('conflict');
    expect(await serverCount()).toBe(before);
    expect((await h.db.prisma.mcpServer.findFirstOrThrow({ where: { name: 'dup' } })).url).toBe(PUBLIC_URL);
  });

  it('refuses a private URL on update too, and leaves the server unchanged', async () => {
    const made = await call('admin', 'POST', '/api/v1/admin/mcp-servers', { name: 'stay', url: PUBLIC_URL });
    const id = made.json<{ data: { server: { id: string } } }>().data.server.id;
    const res = await call('admin', 'PATCH', `/api/v1/admin/mcp-servers/${id}`, { url: 'https://192.168.1.10/mcp' });
    expect(res.statusCode).toBe(400);
    expect((await h.db.prisma.mcpServer.findUniqueOrThrow({ where: { id } })).url).toBe(PUBLIC_URL);
  });
});
