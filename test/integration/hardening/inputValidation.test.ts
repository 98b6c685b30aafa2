import type { LightMyRequestResponse } from 'fastify';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';
import { tableCounter, type Counts } from '../../support/fuzz/tableCounts';

/**
 * Issue 16, findings 2 and 7: values PostgreSQL cannot store or range-check (a NUL character, a lone surrogate, a
 * cursor past 64 bits) reached SQL and answered 500; Fastify's own refusals (a long path parameter, a malformed
 * %-encoding) came back outside the envelope without X-Request-Id; MCP tools/call with a missing name or string
 * arguments answered -32603 with a zod dump; prototype keys were "malformed JSON"; unknown keys were ignored by
 * some operations; a JSON null body was taken as {}. Each now answers 400 (or -32602) naming what to fix, in the
 * surface's envelope, and writes nothing.
 */
let h: ApiHarness;
let alice: string;
let admin: string;
let hrKey: string;
let countRows: () => Promise<Counts>;

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
  alice = await tokenFor(h.db.prisma, 'alice');
  admin = await tokenFor(h.db.prisma, 'admin');
  hrKey = await tokenFor(h.db.prisma, 'hr', undefined, { kind: 'company_api_key' });
  countRows = await tableCounter(h.db.prisma);
});
afterAll(() => h?.close());

/** Sends a request and checks that it wrote nothing (audit records aside: a refused call is audited). */
async function unwritten(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const before = await countRows();
  const res = await send();
  expect(await countRows()).toEqual(before);
  return res;
}

const post = (url: string, token: string, payload: string) =>
  h.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload });

function expectRefused(res: LightMyRequestResponse, message: RegExp | string): void {
  expect(res.statusCode).toBe(400);
  expect(res.headers['x-request-id']).toEqual(expect.any(String));
  expect(res.json().error).toMatchObject({ code: 'validation_error', message: expect.stringMatching(message) });
}

/** One JSON-RPC message to the MCP endpoint, sent as it is. */
async function rpc(token: string, message: string): Promise<{ error?: { code: number; message: string } } & object> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: {
      ...bearer(token),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    payload: message,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('characters no field may hold', () => {
  it.each([
    ['a NUL in a token name', '/api/v1/tokens', '{"name":"a\\u0000b","scopes":["leave:read"]}', /^name: .*NUL/],
    ['a NUL in a thread title', '/api/v1/agent/threads', '{"title":"a\\u0000"}', /^title: .*NUL/],
    ['a lone surrogate in a thread title', '/api/v1/agent/threads', '{"title":"a\\ud800b"}', /^title: .*surrogate/],
    ['a NUL in a connector name', '/api/v1/admin/connectors', '{"name":"x\\u0000"}', /^name: .*NUL/],
    ['a NUL in a key', '/api/v1/agent/threads', '{"title":"t","a\\u0000":1}', /^body: a key holds a NUL/],
  ])('%s: 400 naming the field, nothing written', async (_what, url, payload, message) => {
    const res = await unwritten(() => post(url, url.includes('admin') ? admin : alice, payload));
    expectRefused(res, message);
  });

  it('a NUL in a query value: 400 naming the parameter', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/agent/audit?operation=a%00b',
      headers: bearer(admin),
    });
    expectRefused(res, /^operation: .*NUL/);
  });

  it('a NUL through MCP: an error result naming the field, nothing written', async () => {
    const before = await countRows();
    const answer = (await rpc(
      alice,
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_leave_request","arguments":{"start_date":"2027-03-01","reason":"x\\u0000"}}}',
    )) as { result: { isError: boolean; content: Array<{ text: string }> } };
    expect(answer.result.isError).toBe(true);
    expect(JSON.parse(answer.result.content[0]!.text).error).toMatchObject({
      code: 'validation_error',
      message: expect.stringMatching(/^reason: .*NUL/),
    });
    expect(await countRows()).toEqual(before);
  });

  it('after them all, an audited write still succeeds', async () => {
    const res = await post('/api/v1/tokens', alice, '{"name":"after the NULs","scopes":["leave:read"]}');
    expect(res.statusCode).toBe(201);
  });
});

describe('cursors past what their column holds', () => {
  it('the audit list: 400 naming cursor', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/agent/audit?cursor=99999999999999999999999',
      headers: bearer(admin),
    });
    expectRefused(res, /^cursor: /);
  });

  it('the company people list: 400 bad_request naming cursor', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/people?cursor=2147483648', headers: bearer(hrKey) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', reason: expect.stringMatching(/^cursor: /) });
  });

  it('an event stream resuming past any event: 400 naming after', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/agent/runs/0190a0e4-0000-7000-8000-000000000000/events?after=99999999999',
      headers: bearer(alice),
    });
    expectRefused(res, /^after: /);
  });
});

describe('a unique name taken twice', () => {
  it('answers 409 conflict, not 500', async () => {
    expect((await post('/api/v1/admin/connectors', admin, '{"name":"twice"}')).statusCode).toBe(201);
    const res = await unwritten(() => post('/api/v1/admin/connectors', admin, '{"name":"twice"}'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('conflict');
  });
});

describe("Fastify's own refusals, in the envelope", () => {
  it('a path parameter longer than any id', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/v1/agent/runs/${'a'.repeat(150)}`,
      headers: bearer(alice),
    });
    expectRefused(res, /^path: a path parameter is longer than 100 characters/);
  });

  it('a malformed %-encoding', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/agent/runs/%ZZ', headers: bearer(alice) });
    expectRefused(res, /^path: not a valid URL/);
  });
});

describe('MCP tools/call with malformed params', () => {
  it.each([
    ['no name', '{"arguments":{}}', /^name: the name of the tool to call is required$/],
    ['an empty name', '{"name":"","arguments":{}}', /^name: /],
    [
      'an unknown tool',
      '{"name":"drop_everything","arguments":{}}',
      /^name: Unknown tool: drop_everything; tools\/list names the tools this token may call$/,
    ],
    ['string arguments', '{"name":"get_me","arguments":"everything"}', /^arguments: must be an object/],
    ['array arguments', '{"name":"get_me","arguments":[1]}', /^arguments: must be an object/],
  ])(
    '%s: -32602 invalid params naming it, with no "MCP error" prefix for the client to add again',
    async (_what, params, message) => {
      const answer = await rpc(alice, `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":${params}}`);
      expect(answer.error).toMatchObject({ code: -32602, message: expect.stringMatching(message) });
    },
  );
});

describe('bodies no operation takes', () => {
  it.each([
    ['a __proto__ key', '{"title":"t","__proto__":{"admin":true}}', /^__proto__: this key is not accepted/],
    ['a constructor.prototype key', '{"title":"t","constructor":{"prototype":{}}}', /^constructor: this key is not/],
  ])('%s: 400 naming the key', async (_what, payload, message) => {
    expectRefused(await unwritten(() => post('/api/v1/agent/threads', alice, payload)), message);
  });

  it.each([
    ['/api/v1/tokens', () => alice, '{"name":"n","scopes":["leave:read"],"expires":"never"}'],
    ['/api/v1/admin/connectors', () => admin, '{"name":"lenient","region":"eu"}'],
    ['/api/v1/agent/audit/verify', () => admin, '{"from":1}'],
  ])('%s refuses an unknown key like every operation', async (url, token, payload) => {
    const res = await unwritten(() => post(url, token(), payload));
    expectRefused(res, /Unrecognized key/);
  });

  it('a JSON null body is not an empty one: 400, and no run is cancelled', async () => {
    const res = await post('/api/v1/agent/runs/0190a0e4-0000-7000-8000-000000000000/cancel', alice, 'null');
    expectRefused(res, /^body: /);
  });

  it('a body sent to an operation that takes none: 400', async () => {
    const res = await h.app.inject({
      method: 'DELETE',
      url: '/api/v1/agent/webhooks/0190a0e4-0000-7000-8000-000000000000',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"really":true}',
    });
    expectRefused(res, /^body: this operation takes no body/);
  });
});
