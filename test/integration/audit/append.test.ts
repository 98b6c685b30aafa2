import { randomUUID } from 'node:crypto';
import { appendAuditRecord } from '../../../engines/audit/append';
import { GENESIS_HASH } from '../../../engines/audit/recordHash';
import { verifyAuditTrail } from '../../../engines/audit/verify';
import { generateSecret } from '../../../engines/tokens/secret';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { chainAll, sampleEntry, testSigningKey } from './auditKit';

let db: TestDatabase;
const key = testSigningKey();

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

describe('appending audit records', () => {
  it('enqueues the record under the id it answers, outside the chain until a sequencer chains it', async () => {
    const tenantId = randomUUID();
    const { id } = await appendAuditRecord(db.prisma, sampleEntry(tenantId, 1));
    expect(await db.prisma.auditPending.findUnique({ where: { id } })).toMatchObject({ id, tenantId });
    expect(await db.prisma.auditRecord.count({ where: { tenantId } })).toBe(0);
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toEqual({
      ok: true,
      records: 0,
      checkpoints: 0,
      pending: 1,
    });

    await chainAll(db.prisma);
    expect(await db.prisma.auditPending.count({ where: { tenantId } })).toBe(0);
    expect(await db.prisma.auditRecord.findUniqueOrThrow({ where: { id } })).toMatchObject({ seq: 1n });
  });

  it("starts a tenant's chain at seq 1 after the genesis hash and moves the head with each record", async () => {
    const tenantId = randomUUID();
    const first = await appendAuditRecord(db.prisma, sampleEntry(tenantId, 1));
    const second = await appendAuditRecord(db.prisma, sampleEntry(tenantId, 2));
    await chainAll(db.prisma);
    const rows = await db.prisma.auditRecord.findMany({ where: { tenantId }, orderBy: { seq: 'asc' } });
    expect(rows.map((r) => [r.id, r.seq, r.prevHash])).toEqual([
      [first.id, 1n, GENESIS_HASH],
      [second.id, 2n, rows[0]!.hash],
    ]);
    expect(await db.prisma.auditHead.findUnique({ where: { tenantId } })).toMatchObject({
      seq: 2n,
      hash: rows[1]!.hash,
    });
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toEqual({
      ok: true,
      records: 2,
      checkpoints: 0,
      pending: 0,
    });
  });

  it('stores who, what, when, the outcome and the request id as given', async () => {
    const tenantId = randomUUID();
    const entry = sampleEntry(tenantId, 5);
    const { id } = await appendAuditRecord(db.prisma, entry);
    await chainAll(db.prisma);
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

  it('never writes a secret, whatever the caller passes, not even while the record is pending', async () => {
    const tenantId = randomUUID();
    const { secret } = generateSecret('personal_access_token');
    const { id } = await appendAuditRecord(db.prisma, {
      ...sampleEntry(tenantId, 1),
      arguments: { headers: { authorization: `Bearer ${secret}` }, body: { password: 'hunter2', note: secret } },
    });
    const argumentsIn = async (table: 'audit_pending' | 'audit_records') => {
      const [row] = await db.prisma.$queryRawUnsafe<Array<{ text: string }>>(
        `SELECT arguments::text AS text FROM ${table} WHERE id = $1::uuid`,
        id,
      );
      return row!.text;
    };
    const pending = await argumentsIn('audit_pending');
    await chainAll(db.prisma);
    const chained = await argumentsIn('audit_records');
    for (const text of [pending, chained]) {
      expect(text).not.toContain(secret.slice(4));
      expect(text).not.toContain('hunter2');
    }
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({ ok: true });
  });

  it('keeps arguments that jsonb would change (NUL, lone surrogates, odd numbers) verifiable', async () => {
    const tenantId = randomUUID();
    await appendAuditRecord(db.prisma, {
      ...sampleEntry(tenantId, 1),
      arguments: { nul: 'a\u0000b', lone: '\ud800', big: 1e21, tiny: 5e-324, neg: -0, emoji: '😀', date: new Date(0) },
    });
    await chainAll(db.prisma);
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({ ok: true, records: 1 });
  });

  it("keeps each tenant's chain apart", async () => {
    const [t1, t2] = [randomUUID(), randomUUID()];
    await Promise.all(
      [1, 2, 3].flatMap((n) => [
        appendAuditRecord(db.prisma, sampleEntry(t1, n)),
        appendAuditRecord(db.prisma, sampleEntry(t2, n)),
      ]),
    );
    await chainAll(db.prisma);
    for (const tenantId of [t1, t2]) {
      expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toEqual({
        ok: true,
        records: 3,
        checkpoints: 0,
        pending: 0,
      });
    }
  });

  it("rolls the record back with the caller's transaction when appended inside one", async () => {
    const tenantId = randomUUID();
    await appendAuditRecord(db.prisma, sampleEntry(tenantId, 1));
    await expect(
      db.prisma.$transaction(async (tx) => {
        await appendAuditRecord(tx, sampleEntry(tenantId, 2));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const committed = await db.prisma.$transaction(async (tx) => appendAuditRecord(tx, sampleEntry(tenantId, 3)));
    await chainAll(db.prisma);
    const rows = await db.prisma.auditRecord.findMany({ where: { tenantId }, orderBy: { seq: 'asc' } });
    expect(rows.map((r) => r.operation)).toEqual([
      sampleEntry(tenantId, 1).operation,
      sampleEntry(tenantId, 3).operation,
    ]);
    expect(rows[1]).toMatchObject({ id: committed.id, seq: 2n });
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({ ok: true, records: 2 });
  });
});
