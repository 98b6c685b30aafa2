import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../../../db/prismaClient';
import { appendAuditRecord } from '../../../engines/audit/append';
import { startAuditSequencer, type AuditSequencer, type AuditSequencerOptions } from '../../../engines/audit/sequencer';
import { verifyAuditTrail } from '../../../engines/audit/verify';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { waitFor } from '../../support/waitFor';
import { sampleEntry, testSigningKey } from './auditKit';

let db: TestDatabase;
const key = testSigningKey();
const running: AuditSequencer[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

afterAll(async () => {
  await db.drop();
});

const errors: unknown[] = [];
const log = { error: (obj: object) => errors.push(obj) };

/** A sequencer on the test database; `sweepMs` defaults to an hour, so that only pokes and flushes chain. */
function sequencer(opts: Partial<AuditSequencerOptions> = {}): AuditSequencer {
  const started = startAuditSequencer({ prisma: db.prisma, key, checkpointEvery: 0, log, sweepMs: 3_600_000, ...opts });
  running.push(started);
  return started;
}

/** The client, counting the transactions begun through it: one per batch the sequencer chains. */
function countingTransactions(prisma: PrismaClient): { prisma: PrismaClient; transactions(): number } {
  let count = 0;
  const counting = new Proxy(prisma, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (property === '$transaction') count += 1;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { prisma: counting, transactions: () => count };
}

const chainedCount = (tenantId: string) => db.prisma.auditRecord.count({ where: { tenantId } });

describe('a running audit sequencer', () => {
  it('chains a record soon after it is poked', async () => {
    const s = sequencer();
    const tenantId = randomUUID();
    const { id } = await appendAuditRecord(db.prisma, sampleEntry(tenantId, 1));
    s.poke();
    await waitFor('the record to be chained', async () => (await chainedCount(tenantId)) === 1, { intervalMs: 5 });
    expect(await db.prisma.auditRecord.findUniqueOrThrow({ where: { id } })).toMatchObject({ seq: 1n });
  });

  it('chains a burst of appends, poked once each, in one transaction', async () => {
    const counted = countingTransactions(db.prisma);
    const s = sequencer({ prisma: counted.prisma });
    const tenantId = randomUUID();
    await Promise.all(Array.from({ length: 50 }, (_, n) => appendAuditRecord(db.prisma, sampleEntry(tenantId, n))));
    for (let i = 0; i < 50; i++) s.poke();
    await waitFor('the burst to be chained', async () => (await chainedCount(tenantId)) === 50, { intervalMs: 5 });
    expect(counted.transactions()).toBe(1);
  });

  it('chains, at its next sweep, records a process that died left pending without a poke', async () => {
    const tenantId = randomUUID();
    await appendAuditRecord(db.prisma, sampleEntry(tenantId, 1));
    sequencer({ sweepMs: 20 });
    await waitFor('the sweep to chain the record', async () => (await chainedCount(tenantId)) === 1);
  });

  it("flushes one tenant's records at once, leaving the others' for their runs", async () => {
    const s = sequencer();
    const [tenantId, other] = [randomUUID(), randomUUID()];
    await appendAuditRecord(db.prisma, sampleEntry(tenantId, 1));
    await appendAuditRecord(db.prisma, sampleEntry(other, 1));
    await s.flush(tenantId);
    expect([await chainedCount(tenantId), await chainedCount(other)]).toEqual([1, 0]);
    await s.flush();
    expect(await chainedCount(other)).toBe(1);
  });

  it('chains what is left when stopped, and ignores pokes afterwards', async () => {
    const s = sequencer({ delayMs: 60_000 });
    const tenantId = randomUUID();
    await appendAuditRecord(db.prisma, sampleEntry(tenantId, 1));
    s.poke();
    await s.stop();
    expect(await chainedCount(tenantId)).toBe(1);
    await appendAuditRecord(db.prisma, sampleEntry(tenantId, 2));
    s.poke();
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({ records: 1, pending: 1 });
    await s.flush(tenantId);
    expect(await chainedCount(tenantId)).toBe(2);
  });

  it('makes the checkpoints that fall due as it chains', async () => {
    const s = sequencer({ checkpointEvery: 3 });
    const tenantId = randomUUID();
    for (let n = 1; n <= 7; n++) await appendAuditRecord(db.prisma, sampleEntry(tenantId, n));
    await s.flush(tenantId);
    const sizes = await db.prisma.auditCheckpoint.findMany({ where: { tenantId }, orderBy: { treeSize: 'asc' } });
    expect(sizes.map((c) => c.treeSize)).toEqual([3n, 6n]);
    expect(errors).toEqual([]);
  });
});
