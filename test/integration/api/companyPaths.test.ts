import { isCompanyPath } from '../../../api/errors';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';

/**
 * Company API paths answer every error in the company shape `{ error, reason }` (company-api.md, Conventions),
 * unknown paths and methods and the rate limit included; the agent API and MCP keep theirs.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(() => h?.close());

const companyError = (code: string) => ({ error: code, reason: expect.any(String) });

describe('errors on company paths', () => {
  it('an unknown company path answers 404 not_found in the company shape', async () => {
    const key = await tokenFor(h.db.prisma, 'hr', ['people:read'], { kind: 'company_api_key' });
    const res = await h.app.inject({ method: 'GET', url: '/api/no-such-area/reviews?limit=5', headers: bearer(key) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(companyError('not_found'));
    expect(res.json().reason).toContain('/api/no-such-area/reviews');
  });

  it('another method on a company path answers 405 with Allow, in the company shape', async () => {
    const key = await tokenFor(h.db.prisma, 'admin', ['people:read'], { kind: 'company_api_key' });
    const res = await h.app.inject({ method: 'DELETE', url: '/api/people', headers: bearer(key) });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, POST');
    expect(res.json()).toEqual(companyError('method_not_allowed'));
  });

  it('a path the router refuses (over-long parameter, bad %-encoding) answers 400 bad_request in the company shape', async () => {
    for (const url of [`/api/people/${'e'.repeat(500)}`, '/api/people/x%ZZy']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json()).toEqual(companyError('bad_request'));
      expect(res.headers['x-request-id']).toBeDefined();
    }
    const agent = await h.app.inject({ method: 'GET', url: '/api/v1/agent/runs/x%ZZy' });
    expect(agent.json()).toEqual({ error: { code: 'validation_error', message: expect.any(String) } });
  });

  it('the agent API keeps its envelope for the same mistakes', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('the rate limit on an unknown company path answers 429 rate_limited in the company shape', async () => {
    let last = await h.app.inject({ method: 'GET', url: '/api/no-such-area/courses', remoteAddress: '203.0.113.77' });
    for (let i = 0; i < 5 && last.statusCode !== 429; i++) {
      last = await h.app.inject({ method: 'GET', url: '/api/no-such-area/courses', remoteAddress: '203.0.113.77' });
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toEqual(expect.any(String));
    expect(last.json()).toEqual(companyError('rate_limited'));
  });
});

describe('isCompanyPath', () => {
  it.each([
    ['/api/people', true],
    ['/api/people/123', true],
    ['/api/time-tracking/entries?limit=5', true],
    ['/api/v1', false],
    ['/api/v1/me', false],
    ['/api/v1?x=1', false],
    ['/api/mcp', false],
    ['/api/mcp?x=1', false],
    ['/api/v10/things', true],
    ['/api/mcpx', true],
    ['/api/', false],
    ['/healthz', false],
    ['/example/', false],
  ])('%s: %s', (path, expected) => {
    expect(isCompanyPath(path)).toBe(expected);
  });
});
