import { randomUUID } from 'node:crypto';
import { appendAuditRecord } from '../../../engines/audit/append';
import { chainPendingAuditRecords } from '../../../engines/audit/chainPending';
import { createCheckpoint, listCheckpoints } from '../../../engines/audit/checkpoint';
import { verifyCheckpointSignature } from '../../../engines/audit/checkpointStatement';
import { merkleRootHex } from '../../../engines/audit/merkle';
import { GENESIS_HASH } from '../../../engines/audit/recordHash';
import { verifyAuditTrail } from '../../../engines/audit/verify';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { appendSamples, sampleEntry, testSigningKey } from './auditKit';

let db: TestDatabase;
const key = testSigningKey();

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

async function hashesOf(tenantId: string): Promise<string[]> {
  const rows = await db.prisma.auditRecord.findMany({
    where: { tenantId },
    orderBy: { seq: 'asc' },
    select: { hash: true },
  });
  return rows.map((r) => r.hash);
}

describe('audit checkpoints', () => {
  it('signs the Merkle root of every record up to the head, with the last hash', async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 7);
    const checkpoint = await createCheckpoint(db.prisma, key, tenantId);
    const hashes = await hashesOf(tenantId);
    expect(checkpoint).toMatchObject({
      tenantId,
      treeSize: 7,
      rootHash: merkleRootHex(hashes),
      lastHash: hashes[6],
      keyId: key.keyId,
    });
    expect(verifyCheckpointSignature(checkpoint, checkpoint.signature, key.publicKey)).toBe(true);
    expect(await listCheckpoints(db.prisma, tenantId)).toEqual([checkpoint]);
  });

  it('returns the checkpoint already made for a size instead of signing a second one', async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 3);
    const made = await Promise.all([1, 2, 3, 4].map(() => createCheckpoint(db.prisma, key, tenantId)));
    expect(new Set(made.map((c) => c.id)).size).toBe(1);
    expect(await db.prisma.auditCheckpoint.count({ where: { tenantId } })).toBe(1);
  });

  it('signs the empty trail of a tenant without records', async () => {
    const tenantId = randomUUID();
    const checkpoint = await createCheckpoint(db.prisma, key, tenantId);
    expect(checkpoint).toMatchObject({ treeSize: 0, lastHash: GENESIS_HASH, rootHash: merkleRootHex([]) });
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toEqual({
      ok: true,
      records: 0,
      checkpoints: 1,
      pending: 0,
    });
  });

  it('extends what it knows as the chain grows, giving the same roots as a full computation', async () => {
    const tenantId = randomUUID();
    for (const size of [2, 5, 6, 13]) {
      const have = await db.prisma.auditRecord.count({ where: { tenantId } });
      await appendSamples(db.prisma, tenantId, size - have, have + 1);
      const checkpoint = await createCheckpoint(db.prisma, key, tenantId);
      expect(checkpoint.rootHash).toBe(merkleRootHex(await hashesOf(tenantId)));
    }
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toEqual({
      ok: true,
      records: 13,
      checkpoints: 4,
      pending: 0,
    });
  });

  it('makes a checkpoint every N records as they are chained, however the sequencer batches them', async () => {
    const tenantId = randomUUID();
    for (let n = 1; n <= 10; n++) await appendAuditRecord(db.prisma, sampleEntry(tenantId, n));
    // Batches of 3 move the head 0 → 3 → 6 → 9 → 10: sizes 4 and 8 fall inside batches.
    expect(await chainPendingAuditRecords(db.prisma, key, { checkpointEvery: 4, batchSize: 3 })).toMatchObject({
      chained: 10,
      checkpointFailures: [],
    });
    expect((await listCheckpoints(db.prisma, tenantId)).map((c) => c.treeSize)).toEqual([4, 8]);
    for (let n = 11; n <= 13; n++) await appendAuditRecord(db.prisma, sampleEntry(tenantId, n));
    await chainPendingAuditRecords(db.prisma, key, { checkpointEvery: 0 });
    expect((await listCheckpoints(db.prisma, tenantId)).map((c) => c.treeSize)).toEqual([4, 8]);
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({ ok: true, checkpoints: 2 });
  });

  it('chains records all the same when a due checkpoint cannot be made, and says why', async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 3);
    await db.prisma.auditRecord.deleteMany({ where: { tenantId, seq: 2n } });
    await appendAuditRecord(db.prisma, sampleEntry(tenantId, 4));
    const result = await chainPendingAuditRecords(db.prisma, key, { checkpointEvery: 4 });
    expect(result).toMatchObject({ chained: 1, checkpointFailures: [{ tenantId, treeSize: 4 }] });
    expect(String((result.checkpointFailures[0]?.error as Error).message)).toMatch(/record 2 is missing/);
    expect(await db.prisma.auditRecord.count({ where: { tenantId } })).toBe(3);
  });

  it('checkpoints an earlier size on request, signing the hash of that record as the last', async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 6);
    const checkpoint = await createCheckpoint(db.prisma, key, tenantId, { treeSize: 4 });
    const hashes = await hashesOf(tenantId);
    expect(checkpoint).toMatchObject({ treeSize: 4, rootHash: merkleRootHex(hashes.slice(0, 4)), lastHash: hashes[3] });
    await expect(createCheckpoint(db.prisma, key, tenantId, { treeSize: 7 })).rejects.toThrow(/the chain has 6/);
  });

  it('refuses to sign a chain with a record missing', async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 5);
    await db.prisma.auditRecord.deleteMany({ where: { tenantId, seq: 3n } });
    await expect(createCheckpoint(db.prisma, key, tenantId)).rejects.toThrow(/record 3 is missing/);
    expect(await db.prisma.auditCheckpoint.count({ where: { tenantId } })).toBe(0);
  });
});
