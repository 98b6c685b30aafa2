import { randomUUID } from 'node:crypto';
import type { Prisma } from '../../../db/models';
import { createPrismaClient, type PrismaClient } from '../../../db/prismaClient';
import { appendAuditRecord } from '../../../engines/audit/append';
import { chainPendingAuditRecords } from '../../../engines/audit/chainPending';
import { verifyAuditTrail } from '../../../engines/audit/verify';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { waitFor } from '../../support/waitFor';
import { chainAll, sampleEntry, testSigningKey } from './auditKit';

let db: TestDatabase;
const key = testSigningKey();

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

/** Separate clients have separate connection pools, as separate API and worker processes do. */
async function withClients<T>(count: number, use: (clients: PrismaClient[]) => Promise<T>): Promise<T> {
  const clients = Array.from({ length: count }, () => createPrismaClient(db.url, { poolMax: 4 }));
  try {
    return await use(clients);
  } finally {
    await Promise.all(clients.map((c) => c.$disconnect()));
  }
}

async function chainedIdsOf(tenantId: string): Promise<string[]> {
  const rows = await db.prisma.auditRecord.findMany({ where: { tenantId }, orderBy: { seq: 'asc' } });
  expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
  return rows.map((r) => r.id);
}

/** The backend of another session that waits for a lock while running a statement that contains `text`. */
async function backendWaitingOn(text: string): Promise<number | undefined> {
  const rows = await db.prisma.$queryRaw<Array<{ pid: number }>>`
    SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ${`%${text}%`}`;
  return rows[0]?.pid;
}

/**
 * Runs `lock` in a transaction that stays open until `release` is called: another chainer in the middle of its
 * batch, holding the rows it locked.
 */
function holdLock(lock: (tx: Prisma.TransactionClient) => Promise<unknown>): { held: Promise<void>; release(): void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const held = new Promise<void>((resolve) => (locked = resolve));
  const transaction = db.prisma.$transaction(
    async (tx) => {
      await lock(tx);
      locked();
      await released;
    },
    { timeout: 30_000 },
  );
  return {
    held,
    release: () => {
      release();
      void transaction.catch(() => undefined);
    },
  };
}

const holdHead = (tenantId: string) =>
  holdLock((tx) => tx.$queryRaw`SELECT seq FROM audit_heads WHERE tenant_id = ${tenantId}::uuid FOR UPDATE`);

describe('the audit sequencer', () => {
  it('chains every record appended by many concurrent clients exactly once, gap-free, under concurrent chainers', async () => {
    const tenants = [randomUUID(), randomUUID(), randomUUID()];
    const appended = await withClients(4, (clients) =>
      Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          appendAuditRecord(clients[i % 4]!, sampleEntry(tenants[i % 3]!, i)).then(({ id }) => ({
            id,
            tenantId: tenants[i % 3]!,
          })),
        ),
      ),
    );
    const results = await withClients(3, (clients) =>
      Promise.all(
        clients.map((client) => chainPendingAuditRecords(client, key, { checkpointEvery: 40, batchSize: 25 })),
      ),
    );
    expect(results.reduce((sum, r) => sum + r.chained, 0)).toBe(300);
    expect(results.flatMap((r) => r.checkpointFailures)).toEqual([]);
    expect(await db.prisma.auditPending.count()).toBe(0);
    for (const tenantId of tenants) {
      const ids = await chainedIdsOf(tenantId);
      expect(ids.sort()).toEqual(
        appended
          .filter((a) => a.tenantId === tenantId)
          .map((a) => a.id)
          .sort(),
      );
      expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toEqual({
        ok: true,
        records: 100,
        checkpoints: 2,
        pending: 0,
      });
    }
  });

  it('keeps chaining correctly while appends keep arriving, and a flush of one tenant sees all its earlier records', async () => {
    const tenantId = randomUUID();
    await withClients(3, async (clients) => {
      let appending = true;
      const chainers = clients.slice(1).map(async (client) => {
        while (appending) await chainPendingAuditRecords(client, key, { checkpointEvery: 0, batchSize: 7 });
      });
      for (let round = 0; round < 10; round++) {
        const ids = await Promise.all(
          Array.from({ length: 15 }, (_, i) => appendAuditRecord(clients[0]!, sampleEntry(tenantId, round * 15 + i))),
        );
        await chainPendingAuditRecords(db.prisma, key, { checkpointEvery: 0, flush: { tenantId } });
        const chained = await db.prisma.auditRecord.count({ where: { id: { in: ids.map((r) => r.id) } } });
        expect(chained).toBe(15);
      }
      appending = false;
      await Promise.all(chainers);
    });
    expect(await chainedIdsOf(tenantId)).toHaveLength(150);
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({ ok: true, records: 150 });
  });

  it("creates a tenant's head exactly once when the chainers of its first records race", async () => {
    const tenantId = randomUUID();
    await Promise.all(Array.from({ length: 10 }, (_, i) => appendAuditRecord(db.prisma, sampleEntry(tenantId, i))));
    await withClients(3, (clients) =>
      Promise.all(clients.map((c) => chainPendingAuditRecords(c, key, { checkpointEvery: 0, batchSize: 1 }))),
    );
    expect(await db.prisma.auditHead.count({ where: { tenantId } })).toBe(1);
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({ ok: true, records: 10 });
  });

  it('loses nothing when a chainer dies mid-batch: its rows stay pending and the next run chains them', async () => {
    const tenantId = randomUUID();
    await appendAuditRecord(db.prisma, sampleEntry(tenantId, 1));
    await chainAll(db.prisma);
    const ids = await Promise.all(
      [2, 3, 4].map(async (n) => (await appendAuditRecord(db.prisma, sampleEntry(tenantId, n))).id),
    );

    const head = holdHead(tenantId);
    await head.held;
    const doomed = createPrismaClient(db.url, { poolMax: 1 });
    try {
      // It takes the pending rows, then waits for the head: the moment a crash hurts most.
      const run = chainPendingAuditRecords(doomed, key, { checkpointEvery: 0 });
      let pid: number | undefined;
      await waitFor(
        'the chainer to wait for the head lock',
        async () => (pid = await backendWaitingOn('audit_heads')) !== undefined,
      );
      await db.prisma.$queryRaw`SELECT pg_terminate_backend(${pid}::int)`;
      await expect(run).rejects.toThrow();
    } finally {
      head.release();
      await doomed.$disconnect().catch(() => undefined);
    }

    expect((await db.prisma.auditPending.findMany({ where: { tenantId } })).map((r) => r.id).sort()).toEqual(
      ids.sort(),
    );
    expect(await db.prisma.auditRecord.count({ where: { tenantId } })).toBe(1);
    expect(await chainAll(db.prisma)).toBe(3);
    expect(await chainedIdsOf(tenantId)).toHaveLength(4);
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({ ok: true, records: 4 });
  });

  it('makes a flush wait for records another chainer holds, where a background run skips them', async () => {
    const tenantId = randomUUID();
    const { id } = await appendAuditRecord(db.prisma, sampleEntry(tenantId, 1));
    const other = holdLock((tx) => tx.$queryRaw`SELECT id FROM audit_pending WHERE id = ${id}::uuid FOR UPDATE`);
    await other.held;
    expect(await chainPendingAuditRecords(db.prisma, key, { checkpointEvery: 0 })).toMatchObject({ chained: 0 });

    let flushed = false;
    const flush = chainPendingAuditRecords(db.prisma, key, { checkpointEvery: 0, flush: { tenantId } }).then((r) => {
      flushed = true;
      return r;
    });
    await waitFor('the flush to wait for the row', async () => (await backendWaitingOn('audit_pending')) !== undefined);
    expect(flushed).toBe(false);
    // The other chainer ends without chaining the row (it failed): the flush chains it.
    other.release();
    expect(await flush).toMatchObject({ chained: 1 });
    expect(await db.prisma.auditRecord.findUniqueOrThrow({ where: { id } })).toMatchObject({ seq: 1n });
  });

  it('refuses a batch size that would not fit one statement', async () => {
    await expect(chainPendingAuditRecords(db.prisma, key, { checkpointEvery: 0, batchSize: 0 })).rejects.toThrow(
      RangeError,
    );
    await expect(chainPendingAuditRecords(db.prisma, key, { checkpointEvery: 0, batchSize: 20_000 })).rejects.toThrow(
      RangeError,
    );
  });
});
