import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { sqlPool, type PrismaClient } from '../../../db/prismaClient';
import { createAuditAppendQueue } from '../../../engines/audit/appendQueue';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { sampleEntry } from './auditKit';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

/**
 * Counts the append INSERTs the queue sends on the client's pool (appendAuditRecordsOnPool, on a connection it
 * checks out): one per shared INSERT.
 */
function countingAppends(prisma: PrismaClient): { statements(): number; restore(): void } {
  let count = 0;
  const pool = sqlPool(prisma);
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<PoolClient> | undefined;
  const wrapped = new WeakSet<PoolClient>();
  const counting = (client: PoolClient) => {
    // A pooled connection comes back again: its query is wrapped once.
    if (wrapped.has(client)) return client;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: { name?: string } | undefined, ...rest: unknown[]) => {
      if (config?.name === 'svc-hr.audit-append') count += 1;
      return query(config, ...rest);
    }) as never;
    return client;
  };
  // pool.query (Prisma's path) calls connect with a callback; the append queue awaits it.
  const spy = jest.spyOn(pool, 'connect').mockImplementation(((callback?: unknown) => {
    if (typeof callback !== 'function') return connect()!.then(counting);
    return connect(callback);
  }) as never);
  return { statements: () => count, restore: () => spy.mockRestore() };
}

describe('the audit append queue', () => {
  it('writes concurrent appends in shared INSERTs, each answered once its row is committed', async () => {
    const counted = countingAppends(db.prisma);
    const queue = createAuditAppendQueue(db.prisma);
    const tenantId = randomUUID();
    const appended = await Promise.all(Array.from({ length: 40 }, (_, n) => queue.append(sampleEntry(tenantId, n))));
    expect(new Set(appended.map((a) => a.id)).size).toBe(40);
    const stored = await db.prisma.auditPending.findMany({ where: { tenantId }, select: { id: true } });
    expect(stored.map((r) => r.id).sort()).toEqual(appended.map((a) => a.id).sort());
    // Appended in one turn of the event loop, on an idle queue: all 40 share one INSERT.
    expect(counted.statements()).toBe(1);
    counted.restore();
  });

  it('sends an idle append at the end of the turn, and those that arrive while it runs together in the next', async () => {
    const counted = countingAppends(db.prisma);
    const queue = createAuditAppendQueue(db.prisma);
    const tenantId = randomUUID();
    const first = queue.append(sampleEntry(tenantId, 0));
    // The queue's end-of-turn write was scheduled first, so it is under way (in flight) when this turn ends.
    await new Promise((resolve) => setImmediate(resolve));
    const later = Array.from({ length: 20 }, (_, n) => queue.append(sampleEntry(tenantId, n + 1)));
    const appended = await Promise.all([first, ...later]);
    const stored = await db.prisma.auditPending.findMany({ where: { tenantId }, select: { id: true } });
    expect(stored.map((r) => r.id).sort()).toEqual(appended.map((a) => a.id).sort());
    expect(counted.statements()).toBe(2);
    counted.restore();
  });

  it('fails only the call whose entry cannot be written, not those that shared its INSERT', async () => {
    const queue = createAuditAppendQueue(db.prisma);
    const tenantId = randomUUID();
    const first = queue.append(sampleEntry(tenantId, 1));
    const batch = [
      queue.append(sampleEntry(tenantId, 2)),
      queue.append({ ...sampleEntry(tenantId, 3), userId: 'not-a-uuid' }),
      queue.append(sampleEntry(tenantId, 4)),
    ];
    const settled = await Promise.allSettled([first, ...batch]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await db.prisma.auditPending.count({ where: { tenantId } })).toBe(3);
  });
});
