import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { operations } from '../../../operations';
import type { PrismaClient } from '../../../db/prismaClient';
import { todayIn } from '../../../engines/leave/dates';
import { authenticate } from '../../../engines/tokens/authenticate';
import { testClock } from '../clock';
import { bearer, tokenFor, type DemoKey } from '../identity';
import { freeWorkingDay } from '../leave';
import type { FuzzCredential } from './fuzzCase';
import { fuzzOperation, type FuzzCount, type FuzzTarget } from './fuzzRunner';
import { startWatchdog } from './watchdog';

/**
 * The schema-driven fuzzing of every registry operation (issue 16), as a jest suite over one database. Cases per
 * operation and the seed come from the environment (`npm run fuzz -- --long` raises them; `npm test` runs each
 * suite's fixed seed and bounded count), and a summary of what ran is written to test-results/.
 *
 * fuzzBudget: what one database's suite runs, the environment's count and seed when `npm run fuzz` sets them, else
 * its own bounded default: 40 cases per operation on PostgreSQL, 20 on another seed on the embedded database, so
 * the two suites send 60 different inputs to each of the ~270 operations in `npm test` and stay within CI's hour
 * (100 each took 1011 s and 532 s there); `npm run fuzz -- --long` is where thousands go.
 */
export function fuzzBudget(defaults: { runs: number; seed: number }): { runs: number; seed: number } {
  return {
    runs: Number(process.env.SVC_HR_FUZZ_RUNS ?? defaults.runs),
    seed: Number(process.env.SVC_HR_FUZZ_SEED ?? defaults.seed),
  };
}

/** Operations the fuzzer does not send, each with why; every other operation of the registry is fuzzed. */
export const notFuzzed: Record<string, string> = {
  open_connector_socket: 'a WebSocket upgrade, not a request with an answer: test/integration/connector covers it',
};

/** Every role of the demo tenant with every scope, the other credential kinds, and no or a forged credential. */
export async function fuzzCredentials(prisma: PrismaClient): Promise<FuzzCredential[]> {
  const roles: DemoKey[] = ['alice', 'manager', 'director', 'hr', 'admin', 'owner', 'dan'];
  const credentials: FuzzCredential[] = [];
  for (const who of roles) {
    credentials.push({ label: who, secret: await tokenFor(prisma, who), kind: 'personal_access_token' });
  }
  const kinds = [
    ['alice', 'delegated_credential'],
    ['admin', 'integration_credential'],
    ['hr', 'company_api_key'],
  ] as const;
  for (const [who, kind] of kinds) {
    credentials.push({
      label: `${who} ${kind}`,
      secret: await tokenFor(prisma, who, undefined, { kind }),
      kind: 'other',
    });
  }
  credentials.push({ label: 'no credential', secret: undefined, kind: 'none' });
  credentials.push({ label: 'a forged token', secret: 'hrp_forged0000000000000000000000000000', kind: 'none' });
  return credentials;
}

/**
 * Rows the fuzzer's ids can name (it picks real ids now and then): a pending leave request, a thread with a run
 * (queued: no worker polls the suite's task queue), a connector. Without them every case on an id is a 404.
 */
async function seedFuzzTargets(app: FastifyInstance, prisma: PrismaClient): Promise<void> {
  const call = async (who: DemoKey, url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers: bearer(await tokenFor(prisma, who)), payload });
    if (res.statusCode >= 300)
      throw new Error(`seeding the fuzz targets: ${url} answered ${res.statusCode} ${res.body}`);
    return res.json().data as Record<string, { id: string }>;
  };
  const bob = await tokenFor(prisma, 'bob', ['leave:write']);
  const day = await freeWorkingDay(prisma, await authenticate(prisma, bob), 30);
  await call('bob', '/api/v1/leave/requests', { start_date: day, policy: 'Unpaid leave' });
  const { thread } = await call('alice', '/api/v1/agent/threads', { title: 'fuzz target' });
  await call('alice', `/api/v1/agent/threads/${thread!.id}/messages`, { message: 'How many days of leave do I have?' });
  await call('admin', '/api/v1/admin/connectors', { name: 'fuzz target' });
}

/** Defines the fuzz tests of one database over an API the caller builds (`start`) and closes. */
export function describeFuzzing(
  label: string,
  start: () => Promise<{ app: FastifyInstance; prisma: PrismaClient; blobDir: string; close(): Promise<void> }>,
  budget: { runs: number; seed: number } = fuzzBudget({ runs: 40, seed: 20261123 }),
): void {
  const fuzzed = operations.filter((op) => !(op.name in notFuzzed));
  const summary: Record<string, FuzzCount> = {};
  let target: FuzzTarget;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await start();
    close = started.close;
    await seedFuzzTargets(started.app, started.prisma);
    const acme = await started.prisma.tenant.findFirstOrThrow({ where: { domain: 'acme.test' } });
    target = {
      label,
      app: started.app,
      prisma: started.prisma,
      blobDir: started.blobDir,
      credentials: await fuzzCredentials(started.prisma),
      today: todayIn(acme.timeZone, testClock().now()),
      watchdog: startWatchdog(),
    };
  });

  afterAll(async () => {
    await target?.watchdog.stop();
    const file = path.join(process.cwd(), 'test-results', `fuzz-${label.replace(/\W+/g, '-')}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      `${JSON.stringify({ seed: budget.seed, runs: budget.runs, operations: summary }, null, 2)}\n`,
    );
    await close?.();
  });

  it('covers every operation of the registry, or says why not', () => {
    expect(Object.keys(notFuzzed).filter((name) => !operations.some((op) => op.name === name))).toEqual([]);
    expect(fuzzed.length + Object.keys(notFuzzed).length).toBe(operations.length);
  });

  it.each(fuzzed.map((op) => [op.name, op] as const))(
    '%s: answers every fuzzed input in time, never 5xx, refusals in the envelope, nothing written',
    async (name, op) => {
      summary[name] = await fuzzOperation(target, op, { numRuns: budget.runs, seed: budget.seed });
      expect(summary[name].rest + summary[name].mcp).toBe(budget.runs);
    },
  );

  it('still takes a normal write after the run', async () => {
    const token = await tokenFor(target.prisma, 'bob', ['leave:write']);
    const day = await freeWorkingDay(target.prisma, await authenticate(target.prisma, token), 20);
    const res = await target.app.inject({
      method: 'POST',
      url: '/api/v1/leave/requests',
      headers: bearer(token),
      payload: { start_date: day, policy: 'Unpaid leave' },
    });
    expect([res.statusCode, res.json().error]).toEqual([201, undefined]);
  });
}
