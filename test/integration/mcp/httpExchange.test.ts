import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';

/**
 * The HTTP side of the streamable HTTP transport (MCP 2025-06-18 "Transports", POST): what a client sees for each
 * shape of POST, through a real listener. These held for the SDK's WebStandardStreamableHTTPServerTransport and
 * hold for mcp/inbound/httpExchange.ts, which replaced it; the two batch cases below are where we follow JSON-RPC
 * 2.0 and the SDK's transport did not (it answered a batch of one with a bare object and an empty batch with 202).
 */
let h: ApiHarness;
let base: string;
let token: string;

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000' });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  token = await tokenFor(h.db.prisma, 'alice', ['leave:read'], { name: 'exchange-test' });
});
afterAll(() => h?.close());

const accept = 'application/json, text/event-stream';

async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, ...bearer(token), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? (JSON.parse(text) as unknown) : undefined };
}

const call = (id: number | string, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

async function auditedCalls(): Promise<number> {
  const credential = await h.db.prisma.credential.findFirstOrThrow({ where: { name: 'exchange-test' } });
  // One statement, one snapshot: a record the sequencer moves from pending to the chain is counted once.
  const [row] = await h.db.prisma.$queryRaw<Array<{ n: number }>>`
    SELECT ((SELECT count(*) FROM audit_pending WHERE credential_id = ${credential.id}::uuid) +
            (SELECT count(*) FROM audit_records WHERE credential_id = ${credential.id}::uuid))::int AS n`;
  return row!.n;
}

describe('POST /api/mcp, the streamable HTTP exchange', () => {
  it('answers one request with one JSON response carrying its id', async () => {
    const res = await post({ jsonrpc: '2.0', id: 'ping-1', method: 'ping' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json).toEqual({ jsonrpc: '2.0', id: 'ping-1', result: {} });
  });

  it('carries the request id and rate-limit headers of the pipeline', async () => {
    const res = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'x-request-id': 'mcp-exchange-test-1' });
    expect(res.headers.get('x-request-id')).toBe('mcp-exchange-test-1');
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
  });

  it('answers a batch with an array of responses, one per request, each with its id', async () => {
    const before = await auditedCalls();
    const res = await post([call(7, 'get_me'), { jsonrpc: '2.0', id: 8, method: 'tools/list' }, call(9, 'get_me')]);
    expect(res.status).toBe(200);
    const answers = res.json as Array<{ id: number; result: Record<string, unknown> }>;
    expect(answers.map((a) => a.id).sort()).toEqual([7, 8, 9]);
    const me = answers.find((a) => a.id === 7)!.result;
    expect((me.structuredContent as { user: { email: string } }).user.email).toBe('alice@acme.test');
    expect(answers.find((a) => a.id === 8)!.result.tools).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'get_me' })]),
    );
    expect(await auditedCalls()).toBe(before + 2);
  });

  // JSON-RPC 2.0, "Batch": a batch is answered with an array, even of one; an empty one is an invalid request.
  it('answers a batch of one with an array of one', async () => {
    const res = await post([{ jsonrpc: '2.0', id: 5, method: 'ping' }]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ jsonrpc: '2.0', id: 5, result: {} }]);
  });

  it('refuses an empty batch as an invalid request', async () => {
    const res = await post([]);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  it('answers 202 with no body to notifications only, and runs no tool', async () => {
    const before = await auditedCalls();
    const res = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(res.status).toBe(202);
    expect(res.text).toBe('');
    expect(await auditedCalls()).toBe(before);
  });

  it('answers 406 when the client does not accept both JSON and an event stream', async () => {
    const before = await auditedCalls();
    const res = await post(call(1, 'get_me'), { accept: 'application/json' });
    expect(res.status).toBe(406);
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expect(await auditedCalls()).toBe(before);
  });

  it('answers a body that is not JSON-RPC with a parse error, and runs nothing', async () => {
    const before = await auditedCalls();
    for (const body of [{ hello: 'world' }, [call(1, 'get_me'), { jsonrpc: '1.0', id: 2 }], 42]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    }
    expect(await auditedCalls()).toBe(before);
  });

  it('refuses an initialize that is not alone in its batch', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const res = await post([initialize, call(2, 'get_me')]);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { code: -32600 } });
  });

  it('refuses a batch of more than 100 messages', async () => {
    const res = await post(Array.from({ length: 101 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { code: -32600 } });
  });

  it('answers a Content-Type other than JSON with a JSON-RPC error and runs nothing', async () => {
    const before = await auditedCalls();
    const res = await post(JSON.stringify(call(1, 'get_me')), { 'content-type': 'text/plain' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: expect.any(Number) } });
    expect(await auditedCalls()).toBe(before);
  });

  it('answers an unknown method with a JSON-RPC method-not-found error', async () => {
    const res = await post({ jsonrpc: '2.0', id: 3, method: 'resources/list' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32601 } });
  });
});
