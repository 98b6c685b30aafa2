import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';
import { waitFor } from '../../support/waitFor';

/** The inbound MCP server through a real HTTP listener and the SDK's own client. */
let h: ApiHarness;
let base: string;

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000' });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => h?.close());

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'svc-hr-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: bearer(token) } }),
  );
  return client;
}

async function rpc(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('the inbound MCP server', () => {
  it('introduces itself as svc-hr with tools only', async () => {
    const client = await connect(await tokenFor(h.db.prisma, 'alice'));
    expect(client.getServerVersion()?.name).toBe('svc-hr');
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    // Its instructions speak to the person the token belongs to, as every text a person reads does.
    expect(client.getInstructions()).toMatch(/act as you, the person this token belongs to/);
    expect(client.getInstructions()).not.toMatch(/token.s user/);
    await client.close();
  });

  it.each(['2025-06-18', '2025-03-26'])('negotiates protocol version %s at initialize', async (version) => {
    const res = await rpc(initialize(version), bearer(await tokenFor(h.db.prisma, 'alice')));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe(version);
  });

  it('answers a version it does not speak with its newest one', async () => {
    const res = await rpc(initialize('2024-11-05'), bearer(await tokenFor(h.db.prisma, 'alice')));
    expect(((await res.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe('2025-06-18');
  });

  it('answers 400 to an unsupported MCP-Protocol-Version header', async () => {
    const res = await rpc(
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      {
        ...bearer(await tokenFor(h.db.prisma, 'alice')),
        'mcp-protocol-version': '2099-01-01',
      },
    );
    expect(res.status).toBe(400);
  });

  it('lists only the tools the token’s scopes permit', async () => {
    const none = await connect(await tokenFor(h.db.prisma, 'alice', []));
    const names = (await none.listTools()).tools.map((t) => t.name);
    expect(names).toContain('get_me');
    expect(names).not.toContain('list_leave_requests');
    await none.close();
  });

  it('calls get_me and answers what GET /api/v1/me answers', async () => {
    const token = await tokenFor(h.db.prisma, 'manager', ['leave:read']);
    const client = await connect(token);
    const result = await client.callTool({ name: 'get_me', arguments: {} });
    const rest = await h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(rest.json().data);
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual(rest.json().data);
    await client.close();
  });

  it('records every tool call in the audit trail with surface mcp', async () => {
    const token = await tokenFor(h.db.prisma, 'bob', ['leave:read'], { name: 'audited-mcp' });
    const client = await connect(token);
    await client.callTool({ name: 'get_me', arguments: {} });
    await client.close();
    const credential = await h.db.prisma.credential.findFirstOrThrow({ where: { name: 'audited-mcp' } });
    // The call's record is enqueued at once and chained by the app's audit sequencer moments later.
    const chained = () => h.db.prisma.auditRecord.findMany({ where: { credentialId: credential.id } });
    await waitFor('the call to be chained in the audit trail', async () => (await chained()).length > 0);
    expect((await chained()).map((r) => [r.surface, r.operation, r.outcome])).toEqual([['mcp', 'get_me', 'success']]);
  });

  it('answers an unknown tool with a JSON-RPC error', async () => {
    const client = await connect(await tokenFor(h.db.prisma, 'alice'));
    // The SDK client puts "MCP error -32602: " before the server's message: once, as the server sends none.
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(
      /^MCP error -32602: name: Unknown tool: no_such_tool; tools\/list names the tools this token may call$/,
    );
    await client.close();
  });

  it('says where arguments are refused: additionalProperties false where the tool refuses them, errors in arguments', async () => {
    const token = await tokenFor(h.db.prisma, 'alice', ['leave:read', 'leave:write']);
    const client = await connect(token);
    const { tools } = await client.listTools();
    const schemaOf = (name: string) => tools.find((t) => t.name === name)!.inputSchema;
    // Its body is a strict object: an unknown field is refused, and the schema says so.
    expect(schemaOf('create_leave_request')).toMatchObject({ additionalProperties: false });
    // A GET without a query of its own ignores what it is sent: nothing to say.
    expect(schemaOf('get_me')).not.toHaveProperty('additionalProperties');
    const description = tools.find((t) => t.name === 'create_leave_request')!.description!;
    expect(description).toMatch(/fails with validation_error naming the field/);
    expect(description).not.toMatch(/\b(answers|answered) \d{3}\b/);

    const before = await h.db.prisma.leaveRequest.count();
    const refused = await client.callTool({
      name: 'create_leave_request',
      arguments: { start_date: '2027-03-01', end: '2027-03-02' },
    });
    expect(refused.isError).toBe(true);
    const body = JSON.parse((refused.content as Array<{ text: string }>)[0]!.text) as {
      error: { code: string; message: string; details: Record<string, unknown> };
    };
    expect(body.error).toEqual({
      code: 'validation_error',
      message: 'arguments: Unrecognized key: "end"',
      details: { issues: [{ field: 'arguments', message: 'Unrecognized key: "end"' }] },
    });
    expect(await h.db.prisma.leaveRequest.count()).toBe(before);
    await client.close();
  });

  it('answers malformed JSON with a JSON-RPC parse error', async () => {
    const res = await rpc('{"jsonrpc": "2.0", "id": ', bearer(await tokenFor(h.db.prisma, 'alice')));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it('answers 401 with WWW-Authenticate pointing at the resource metadata, which it serves', async () => {
    const res = await rpc(initialize('2025-06-18'));
    expect(res.status).toBe(401);
    const header = res.headers.get('www-authenticate')!;
    expect(header).toMatch(
      /^Bearer resource_metadata="http:\/\/localhost:\d+\/\.well-known\/oauth-protected-resource\/api\/mcp"$/,
    );
    const metadata = await fetch(`${base}/.well-known/oauth-protected-resource/api/mcp`);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({ authorization_servers: [], bearer_methods_supported: ['header'] });
  });

  it('answers 401 to a delegated credential: MCP takes personal access tokens only', async () => {
    const delegated = await tokenFor(h.db.prisma, 'alice', ['leave:read'], { kind: 'delegated_credential' });
    const res = await rpc(initialize('2025-06-18'), bearer(delegated));
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it.each(['GET', 'DELETE'])('answers %s with 405 and Allow: POST', async (method) => {
    const res = await fetch(`${base}/api/mcp`, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('refuses a browser origin that is not allowed', async () => {
    const res = await rpc(initialize('2025-06-18'), {
      ...bearer(await tokenFor(h.db.prisma, 'alice')),
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });
});
