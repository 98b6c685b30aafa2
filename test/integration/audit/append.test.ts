import { randomUUID } from 'node:crypto';
import { createPrismaClient } from '../../../db/prismaClient';
import { appendAuditRecord, appendAuditRecordInTransaction } from '../../../engines/audit/append';
import { GENESIS_HASH } from '../../../engines/audit/recordHash';
import { verifyAuditTrail } from '../../../engines/audit/verify';
import { generateSecret } from '../../../engines/tokens/secret';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { sampleEntry, testSigningKey } from './auditKit';

let db: TestDatabase;
const key = testSigningKey();

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

describe('appending audit records', () => {
  it("starts a tenant's chain at seq 1 after the genesis hash and moves the head with each record", async () => {
    const tenantId = randomUUID();
    const first = await appendAuditRecord(db.prisma, sampleEntry(tenantId, 1));
    const second = await appendAuditRecord(db.prisma, sampleEntry(tenantId, 2));
    expect(first.seq).toBe(1n);
    expect(second.seq).toBe(2n);
    const rows = await db.prisma.auditRecord.findMany({ where: { tenantId }, orderBy: { seq: 'asc' } });
    expect(rows.map((r) => [r.id, r.prevHash, r.hash])).toEqual([
      [first.id, GENESIS_HASH, first.hash],
      [second.id, first.hash, second.hash],
    ]);
    expect(await db.prisma.auditHead.findUnique({ where: { tenantId } })).toMatchObject({ seq: 2n, hash: second.hash });
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toEqual({
      ok: true,
      records: 2,
      checkpoints: 0,
    });
  });

  it('stores who, what, when, the outcome and the request id as given', async () => {
    const tenantId = randomUUID();
    const entry = sampleEntry(tenantId, 5);
    const { id } = await appendAuditRecord(db.prisma, entry);
    expect(await db.prisma.auditRecord.findUniqueOrThrow({ where: { id } })).toMatchObject({
      tenantId,
      userId: entry.userId,
      credentialId: entry.credentialId,
      credentialKind: entry.credentialKind,
      surface: entry.surface,
      operation: entry.operation,
      arguments: entry.arguments,
      outcome: 'failure',
      errorCode: 'validation_error',
      requestId: entry.requestId,
      runId: null,
      occurredAt: entry.occurredAt,
    });
  });

  it('never writes a secret, whatever the caller passes', async () => {
    const tenantId = randomUUID();
    const { secret } = generateSecret('personal_access_token');
    const { id } = await appendAuditRecord(db.prisma, {
      ...sampleEntry(tenantId, 1),
      arguments: { headers: { authorization: `Bearer ${secret}` }, body: { password: 'hunter2', note: secret } },
    });
    const [row] = await db.prisma.$queryRaw<Array<{ text: string }>>`
      SELECT arguments::text AS text FROM audit_records WHERE id = ${id}::uuid`;
    expect(row!.text).not.toContain(secret.slice(4));
    expect(row!.text).not.toContain('hunter2');
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({ ok: true });
  });

  it('keeps arguments that jsonb would change (NUL, lone surrogates, odd numbers) verifiable', async () => {
    const tenantId = randomUUID();
    await appendAuditRecord(db.prisma, {
      ...sampleEntry(tenantId, 1),
      arguments: { nul: 'a\u0000b', lone: '\ud800', big: 1e21, tiny: 5e-324, neg: -0, emoji: '😀', date: new Date(0) },
    });
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({ ok: true, records: 1 });
  });

  it('keeps seqs gap-free and the chain intact under many concurrent appends from several clients', async () => {
    const tenantId = randomUUID();
    // Separate clients have separate connection pools, as separate API and worker processes do.
    const clients = [db.prisma, ...Array.from({ length: 3 }, () => createPrismaClient(db.url, { poolMax: 5 }))];
    try {
      const appended = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          appendAuditRecord(clients[i % clients.length]!, sampleEntry(tenantId, i)),
        ),
      );
      const seqs = appended.map((a) => Number(a.seq)).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
      expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toEqual({
        ok: true,
        records: 120,
        checkpoints: 0,
      });
    } finally {
      await Promise.all(clients.slice(1).map((c) => c.$disconnect()));
    }
  });

  it("creates a tenant's head exactly once when its first appends race", async () => {
    const tenantId = randomUUID();
    await Promise.all(Array.from({ length: 10 }, (_, i) => appendAuditRecord(db.prisma, sampleEntry(tenantId, i))));
    expect(await db.prisma.auditHead.count({ where: { tenantId } })).toBe(1);
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({ ok: true, records: 10 });
  });

  it("keeps each tenant's chain apart", async () => {
    const [t1, t2] = [randomUUID(), randomUUID()];
    await Promise.all(
      [1, 2, 3].flatMap((n) => [
        appendAuditRecord(db.prisma, sampleEntry(t1, n)),
        appendAuditRecord(db.prisma, sampleEntry(t2, n)),
      ]),
    );
    for (const tenantId of [t1, t2]) {
      expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toEqual({
        ok: true,
        records: 3,
        checkpoints: 0,
      });
    }
  });

  it("rolls the record back with the caller's transaction when appended inside one", async () => {
    const tenantId = randomUUID();
    await appendAuditRecord(db.prisma, sampleEntry(tenantId, 1));
    await expect(
      db.prisma.$transaction(async (tx) => {
        await appendAuditRecordInTransaction(tx, sampleEntry(tenantId, 2));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await db.prisma.auditRecord.count({ where: { tenantId } })).toBe(1);
    const next = await appendAuditRecord(db.prisma, sampleEntry(tenantId, 3));
    expect(next.seq).toBe(2n);
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({ ok: true, records: 2 });
  });
});
