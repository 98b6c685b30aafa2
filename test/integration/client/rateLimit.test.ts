import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { tokenFor } from '../../support/identity';
import { createClient, type SvcHrError } from '../../../client/src';
import type { AddressInfo } from 'node:net';

/** The client and a 429: it waits for Retry-After (bounded by maxRetryDelayMs), retries, then reports the 429. */
let api: ApiHarness;
let baseUrl: string;

beforeAll(async () => {
  api = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '2' });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await api?.close();
});

describe('client retries of 429', () => {
  it('waits Retry-After (capped) between its retries, keeps the Idempotency-Key, and reports rate_limited', async () => {
    const credential = await tokenFor(api.db.prisma, 'alice');
    const seen: Array<{ at: number; status: number; retryAfter: string | null; key: string | null }> = [];
    const client = createClient({
      baseUrl,
      credential,
      maxRetries: 2,
      maxRetryDelayMs: 300,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        seen.push({
          at: Date.now(),
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          key: new Headers(init?.headers).get('idempotency-key'),
        });
        return res;
      },
    });
    // Two requests spend the budget of the minute.
    await client.createThread({ title: 'one' });
    await client.createThread({ title: 'two' });
    const error = (await client.createThread({ title: 'three' }).catch((e: unknown) => e)) as SvcHrError;
    expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(error.retryAfter).toBeGreaterThan(0);
    expect(error.requestId).toMatch(/.+/);
    const limited = seen.slice(2);
    // The first try and two retries, each after the wait Retry-After asked for, capped at 300 ms.
    expect(limited.map((s) => s.status)).toEqual([429, 429, 429]);
    expect(Number(limited[0]?.retryAfter)).toBeGreaterThan(0);
    for (let i = 1; i < limited.length; i++) expect(limited[i]!.at - limited[i - 1]!.at).toBeGreaterThanOrEqual(290);
    expect(new Set(limited.map((s) => s.key)).size).toBe(1);
    expect(limited[0]?.key).not.toBe(seen[0]?.key);
    // No thread was written by the refused calls.
    expect(await api.db.prisma.agentThread.count({ where: { title: 'three' } })).toBe(0);
  });
});
