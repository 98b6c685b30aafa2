import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';
import { leaveRowCounts } from '../../support/leave';

/**
 * Issue 16, finding 1: `POST /api/v1/leave/requests {"start_date":"9999-12-31"}` (and the same through MCP) never
 * answered: counting its working days walked past 9999-12-31, where the next day's text sorts before it, and node
 * spun at 100 % with /healthz silent for every tenant. Every date the API takes lies in 1900-01-01..2199-12-31; any
 * other is a 400 naming the field, before any walk over days, and nothing is written.
 */
let h: ApiHarness;
let base: string;
let token: string;

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  token = await tokenFor(h.db.prisma, 'alice', ['leave:read', 'leave:write']);
});
afterAll(() => h?.close());

const window = 'must be between 1900-01-01 and 2199-12-31';

describe('dates outside the window the API takes', () => {
  it.each([
    [{ start_date: '9999-12-31' }, `start_date: ${window}`],
    [{ start_date: '9999-12-31', days: 366 }, `start_date: ${window}`],
    [{ start_date: '2026-12-01', end_date: '9999-12-31' }, `end_date: ${window}`],
    [{ start_date: '1899-12-31' }, `start_date: ${window}`],
    [{ start_date: '0000-01-01' }, `start_date: ${window}`],
  ])('answer 400 naming the field for %j over REST, and write nothing', async (body, message) => {
    const before = await leaveRowCounts(h.db.prisma);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/leave/requests',
      headers: bearer(token),
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', message: expect.stringContaining(message) });
    expect(await leaveRowCounts(h.db.prisma)).toEqual(before);
  });

  it('answer 400 to a list filter outside the window', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/leave/requests?from=9999-12-31',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(`from: ${window}`);
  });

  it('answer an error result through MCP create_leave_request, write nothing, and the service keeps answering', async () => {
    const client = new Client({ name: 'svc-hr-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: bearer(token) } }),
    );
    const before = await leaveRowCounts(h.db.prisma);
    const result = await client.callTool({ name: 'create_leave_request', arguments: { start_date: '9999-12-31' } });
    await client.close();
    expect(result.isError).toBe(true);
    const body = JSON.parse((result.content as Array<{ text: string }>)[0]!.text);
    expect(body.error).toMatchObject({ code: 'validation_error', message: expect.stringContaining(window) });
    expect(await leaveRowCounts(h.db.prisma)).toEqual(before);
    const health = await h.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
