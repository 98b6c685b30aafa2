import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { freeWorkingDay } from '../../support/leave';
import { authenticate } from '../../../engines/tokens/authenticate';
import type { Scope } from '../../../engines/access/scopes';

/**
 * Every tool, through the SDK's own Client under each protocol version we speak, with tokens of different
 * roles and scopes, compared with the REST answer for the same input.
 */
let h: ApiHarness;
let base: string;

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => h?.close());

/** The SDK client always offers its newest version; this asks for `version` instead, as an older client would. */
function pinnedVersion(inner: Transport, version: string): Transport {
  const send = inner.send.bind(inner);
  inner.send = (message: JSONRPCMessage, options) => {
    if ('method' in message && message.method === 'initialize') {
      const params = { ...(message.params as Record<string, unknown>), protocolVersion: version };
      return send({ ...message, params } as JSONRPCMessage, options);
    }
    return send(message, options);
  };
  return inner;
}

async function connect(token: string, version: string): Promise<Client> {
  const client = new Client({ name: 'svc-hr-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
    requestInit: { headers: bearer(token) },
  });
  await client.connect(pinnedVersion(transport, version));
  return client;
}

const structured = (result: Awaited<ReturnType<Client['callTool']>>) =>
  result.structuredContent as Record<string, unknown>;
const query = (args: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(args).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe.each(['2025-06-18', '2025-03-26'])('MCP tools against REST, protocol %s', (version) => {
  const personas: Array<[DemoKey, Scope[]]> = [
    ['alice', ['leave:read', 'leave:write', 'reports:read']],
    ['manager', ['leave:read', 'reports:read']],
    ['director', ['leave:read', 'reports:read']],
    ['hr', ['leave:read', 'leave:write', 'reports:read']],
  ];

  it.each(personas)('answers %s the same over MCP and REST for every read tool', async (who, scopes) => {
    const token = await tokenFor(h.db.prisma, who, scopes);
    const client = await connect(token, version);
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    // The leave scopes give the contract's leave tools and the company Leave area's (company-api.md).
    const writes = [
      'create_leave_request',
      'create_company_leave_request',
      'approve_leave_request',
      'reject_leave_request',
      'cancel_company_leave_request',
      'create_leave_policy',
      'update_leave_policy',
      'add_public_holiday',
      'remove_public_holiday',
    ];
    expect(names).toEqual(
      [
        ...writes,
        'get_me',
        'list_leave_requests',
        'untaken_leave_report',
        'list_leave_policies',
        'list_company_leave_requests',
        'get_company_leave_request',
        'get_employee_leave_balances',
        'list_public_holidays',
      ]
        .filter((n) => !writes.includes(n) || scopes.includes('leave:write'))
        .sort(),
    );
    const reads: Array<[string, string, Record<string, unknown>]> = [
      ['get_me', '/api/v1/me', {}],
      ['list_leave_requests', '/api/v1/leave/requests', { limit: 200 }],
      ['list_leave_requests', '/api/v1/leave/requests', { status: 'APPROVED', limit: 5 }],
      ['untaken_leave_report', '/api/v1/reports/untaken-leave', {}],
      ['untaken_leave_report', '/api/v1/reports/untaken-leave', { min_untaken_days: 10 }],
      ['list_leave_policies', '/api/leave/policies', {}],
      ['list_company_leave_requests', '/api/leave/requests', { limit: 200 }],
      ['list_public_holidays', '/api/leave/holidays', { year: 2027 }],
    ];
    for (const [tool, path, args] of reads) {
      const mcp = await client.callTool({ name: tool, arguments: args });
      const rest = await h.app.inject({ method: 'GET', url: `${path}?${query(args)}`, headers: bearer(token) });
      expect({ tool, args, isError: mcp.isError ?? false }).toEqual({ tool, args, isError: false });
      expect(structured(mcp)).toEqual(rest.json().data);
    }
    await client.close();
  });

  it('creates a leave request over MCP that REST then lists with the same fields', async () => {
    const token = await tokenFor(h.db.prisma, 'alice', ['leave:read', 'leave:write']);
    // A free working day a few weeks ahead: the one the other protocol version took is no longer free.
    const day = await freeWorkingDay(h.db.prisma, await authenticate(h.db.prisma, token), 15);
    const input = { start_date: day, reason: `mcp ${version}` };
    const client = await connect(token, version);
    const mcp = await client.callTool({ name: 'create_leave_request', arguments: input });
    await client.close();
    expect(mcp.isError ?? false).toBe(false);
    const created = structured(mcp);
    expect(created).toMatchObject({
      status: 'PENDING',
      start_date: input.start_date,
      end_date: input.start_date,
      total_days: 1,
    });
    const listed = await h.app.inject({
      method: 'GET',
      url: `/api/v1/leave/requests?from=${input.start_date}&to=${input.start_date}`,
      headers: bearer(token),
    });
    const item = listed.json().data.requests.find((r: { id: string }) => r.id === created.id);
    expect(item).toMatchObject({
      policy: created.policy,
      start_date: created.start_date,
      end_date: created.end_date,
      total_days: created.total_days,
      status: created.status,
      reason: input.reason,
    });
  });

  it('answers a missing scope with isError forbidden, and bad input with isError validation_error writing nothing', async () => {
    const client = await connect(await tokenFor(h.db.prisma, 'carol', ['reports:read']), version);
    const forbidden = await client.callTool({ name: 'list_leave_requests', arguments: {} });
    expect(forbidden.isError).toBe(true);
    expect(JSON.parse((forbidden.content as Array<{ text: string }>)[0]!.text).error.code).toBe('forbidden');
    await client.close();

    const writer = await connect(await tokenFor(h.db.prisma, 'carol', ['leave:write']), version);
    const before = await h.db.prisma.leaveRequest.count();
    const bad = await writer.callTool({ name: 'create_leave_request', arguments: { start_date: '2026-02-30' } });
    expect(bad.isError).toBe(true);
    const body = JSON.parse((bad.content as Array<{ text: string }>)[0]!.text);
    expect(body.error.code).toBe('validation_error');
    expect(body.error.message).toMatch(/^start_date: /);
    expect(await h.db.prisma.leaveRequest.count()).toBe(before);
    await writer.close();
  });
});
