import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';

/** MCP calls count in the token's one budget with REST: 60 a minute, the 61st answers 429. */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness();
});
afterAll(() => h?.close());

it('rate-limits the 61st MCP call of a minute with 429 and Retry-After, counting REST calls too', async () => {
  const token = await tokenFor(h.db.prisma, 'alice', ['leave:read']);
  const call = () =>
    h.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { ...bearer(token), accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_me', arguments: {} } },
    });
  for (let i = 0; i < 30; i++)
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).statusCode).toBe(200);
  for (let i = 0; i < 30; i++) expect((await call()).statusCode).toBe(200);
  const limited = await call();
  expect(limited.statusCode).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(limited.json()).toMatchObject({ jsonrpc: '2.0', error: { data: { code: 'rate_limited' } } });
});
