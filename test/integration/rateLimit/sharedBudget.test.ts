import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { spawnSvcHr, waitUntilLive, type SvcHrProcess } from '../../support/svcHrProcess';
import { testTemporalAddress } from '../../support/temporalServer';

/**
 * Two real `svc-hr api` processes (the built CLI) on one Redis share one budget per token; without Redis
 * each process keeps its own, which shows the shared case is not an accident of the test. Needs the build
 * (`npm test` builds first) and Redis at 127.0.0.1:6379. Requests carry made-up tokens: they answer 401, counted
 * per token on arrival and then per client address too (failedAuthentication.test.ts), so once the address budget
 * is spent they answer 429; the token's own 429 comes at request LIMIT + 1 either way.
 */
const REDIS_URL = process.env.SVC_HR_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 10;
// This run's counters only: parallel runs and earlier runs on the same Redis cannot touch them.
const keyPrefix = `svc-hr-test:${randomUUID()}:rl:`;

let db: TestDatabase;
let redis: Redis;
const processes: SvcHrProcess[] = [];

async function startApi(env: Record<string, string>): Promise<SvcHrProcess> {
  const proc = await spawnSvcHr('api', {
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: testTemporalAddress(),
    SVC_HR_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    LOG_LEVEL: 'warn',
    ...env,
  });
  processes.push(proc);
  // /healthz, not /readyz: no worker runs here, and the limit does not depend on one.
  await waitUntilLive(proc);
  return proc;
}

/** Sends `count` requests with one token, alternating between the processes; returns the statuses. */
async function alternate(procs: SvcHrProcess[], token: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(`${procs[i % procs.length]!.baseUrl}/api/v1/leave/requests`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses;
}

beforeAll(async () => {
  db = await createTestDatabase();
  redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect();
});

afterAll(async () => {
  for (const proc of processes) proc.killGroup('SIGTERM');
  await Promise.all(processes.map((proc) => proc.exited));
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await db?.drop();
});

describe('two API processes on one Redis', () => {
  let shared: SvcHrProcess[];
  beforeAll(async () => {
    shared = await Promise.all([1, 2].map(() => startApi({ REDIS_URL, SVC_HR_RATE_LIMIT_REDIS_PREFIX: keyPrefix })));
  });

  it(`share one budget: request ${LIMIT + 1} with one token answers 429, whichever process takes it`, async () => {
    const token = `svc_pat_${randomUUID()}`;
    const statuses = await alternate(shared, token, LIMIT + 2);
    expect(statuses.slice(0, LIMIT).filter((s) => s === 429)).toEqual([]);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  });

  it('answer the 429 with Retry-After, the rate limit headers and the rate_limited envelope', async () => {
    const token = `svc_pat_${randomUUID()}`;
    await alternate(shared, token, LIMIT);
    const res = await fetch(`${shared[1]!.baseUrl}/api/v1/leave/requests`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  });

  it('keep a hash of the token in Redis, never the token itself', async () => {
    const token = `svc_pat_${randomUUID()}`;
    await alternate(shared, token, 1);
    const hash = createHash('sha256').update(token).digest('base64url');
    const keys = await redis.keys(`${keyPrefix}*`);
    expect(keys).toContain(`${keyPrefix}token:${hash}`);
    expect(keys.filter((k) => k.includes(token))).toEqual([]);
    expect(await redis.pttl(`${keyPrefix}token:${hash}`)).toBeGreaterThan(0);
  });
});

describe('two API processes without Redis', () => {
  it('keep a budget each: both serve their first requests with one token', async () => {
    const separate = await Promise.all([1, 2].map(() => startApi({})));
    const token = `svc_pat_${randomUUID()}`;
    const statuses = await alternate(separate, token, 2 * LIMIT);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    // Each process has now counted LIMIT requests of this token: the next one at either is refused.
    expect(await alternate(separate, token, 2)).toEqual([429, 429]);
  });
});
