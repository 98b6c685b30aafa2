import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { createCheckpoint } from '../../../engines/audit/checkpoint';
import { recordHash, viewOfRow, GENESIS_HASH } from '../../../engines/audit/recordHash';
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

/** SQL that changes one column of a record to a value it surely did not have, by a name for the change. */
const fieldEdits = {
  id: 'id = gen_random_uuid()',
  occurred_at: "occurred_at = occurred_at + interval '1 millisecond'",
  user_id: 'user_id = gen_random_uuid()',
  credential_id: 'credential_id = gen_random_uuid()',
  credential_kind: "credential_kind = 'company_api_key'",
  surface: "surface = CASE surface WHEN 'rest' THEN 'agent' ELSE 'rest' END",
  operation: "operation = operation || '_forged'",
  arguments: "arguments = jsonb_set(arguments, '{forged}', 'true')",
  // A number JSON cannot carry: read back as Infinity, it must still be reported, not crash verification.
  argumentsOutOfRange: "arguments = jsonb_set(arguments, '{forged}', '1e400')",
  outcome: "outcome = CASE outcome WHEN 'success' THEN 'failure' ELSE 'success' END",
  error_code: "error_code = COALESCE(error_code || '_x', 'internal_error')",
  request_id: 'request_id = gen_random_uuid()::text',
  run_id: "run_id = COALESCE(run_id || '_x', 'run')",
  prev_hash: "prev_hash = CASE WHEN prev_hash = repeat('f', 64) THEN repeat('e', 64) ELSE repeat('f', 64) END",
  hash: "hash = CASE WHEN hash = repeat('f', 64) THEN repeat('e', 64) ELSE repeat('f', 64) END",
} as const;
type Field = keyof typeof fieldEdits;

type Tampering =
  | { kind: 'edit'; seq: number; field: Field }
  | { kind: 'editAndRehash'; seq: number }
  | { kind: 'delete'; seq: number }
  | { kind: 'moveToOtherTenant'; seq: number }
  | { kind: 'swap'; a: number; b: number }
  | { kind: 'insert'; at: number; forgeHashes: boolean }
  | { kind: 'deleteTail'; from: number; moveHead: boolean }
  | { kind: 'rewriteSuffix'; from: number };

const tamperingOf = (n: number): fc.Arbitrary<Tampering> => {
  const seq = fc.integer({ min: 1, max: n });
  return fc.oneof(
    fc.record({
      kind: fc.constant('edit' as const),
      seq,
      field: fc.constantFrom(...(Object.keys(fieldEdits) as Field[])),
    }),
    fc.record({ kind: fc.constant('editAndRehash' as const), seq }),
    fc.record({ kind: fc.constant('delete' as const), seq }),
    fc.record({ kind: fc.constant('moveToOtherTenant' as const), seq }),
    fc
      .uniqueArray(seq, { minLength: 2, maxLength: 2 })
      .map(([x, y]) => ({ kind: 'swap' as const, a: Math.min(x!, y!), b: Math.max(x!, y!) })),
    fc.record({ kind: fc.constant('insert' as const), at: seq, forgeHashes: fc.boolean() }),
    fc.record({ kind: fc.constant('deleteTail' as const), from: seq, moveHead: fc.boolean() }),
    fc.record({ kind: fc.constant('rewriteSuffix' as const), from: seq }),
  );
};

/** A chain of n records with checkpoints at `middle` and at n, as the API and its sequencer would leave it. */
async function buildTrail(tenantId: string, n: number, middle: number): Promise<void> {
  await appendSamples(db.prisma, tenantId, middle);
  await createCheckpoint(db.prisma, key, tenantId);
  await appendSamples(db.prisma, tenantId, n - middle, middle + 1);
  await createCheckpoint(db.prisma, key, tenantId);
}

async function rowAt(tenantId: string, seq: number) {
  return viewOfRow(await db.prisma.auditRecord.findFirstOrThrow({ where: { tenantId, seq: BigInt(seq) } }));
}

async function setHash(id: string, hash: string, prevHash?: string): Promise<void> {
  await db.prisma
    .$executeRaw`UPDATE audit_records SET hash = ${hash}, prev_hash = COALESCE(${prevHash ?? null}, prev_hash) WHERE id = ${id}::uuid`;
}

/** Moves records from..n up by one seq (two steps: the unique index is checked row by row). */
async function shiftUp(tenantId: string, from: number): Promise<void> {
  await db.prisma
    .$executeRaw`UPDATE audit_records SET seq = -seq WHERE tenant_id = ${tenantId}::uuid AND seq >= ${from}`;
  await db.prisma.$executeRaw`UPDATE audit_records SET seq = -seq + 1 WHERE tenant_id = ${tenantId}::uuid AND seq < 0`;
}

/** Rehashes and relinks records from..n as they stand, and moves the head: a forger who knows the algorithm. */
async function rechainFrom(tenantId: string, from: number, n: number): Promise<void> {
  let prevHash = from === 1 ? GENESIS_HASH : (await rowAt(tenantId, from - 1)).hash;
  for (let seq = from; seq <= n; seq++) {
    const record = { ...(await rowAt(tenantId, seq)), prevHash };
    prevHash = recordHash(record);
    await setHash(record.id, prevHash, record.prevHash);
  }
  await db.prisma.auditHead.update({ where: { tenantId }, data: { seq: BigInt(n), hash: prevHash } });
}

/** Applies the tampering and returns what verification must report: the reason and the first broken seq. */
async function tamper(
  tenantId: string,
  n: number,
  middle: number,
  t: Tampering,
): Promise<{ reason: string; seq: number }> {
  const where = (seq: number) => `tenant_id = '${tenantId}'::uuid AND seq = ${seq}`;
  switch (t.kind) {
    case 'edit':
      await db.prisma.$executeRawUnsafe(`UPDATE audit_records SET ${fieldEdits[t.field]} WHERE ${where(t.seq)}`);
      return { reason: 'hash_mismatch', seq: t.seq };
    case 'editAndRehash': {
      await db.prisma.$executeRawUnsafe(`UPDATE audit_records SET ${fieldEdits.operation} WHERE ${where(t.seq)}`);
      const record = await rowAt(tenantId, t.seq);
      await setHash(record.id, recordHash(record));
      // The next record's link breaks, unless a checkpoint at this very record notices the root first.
      return t.seq === middle || t.seq === n
        ? { reason: 'checkpoint_root', seq: t.seq }
        : { reason: 'broken_link', seq: t.seq + 1 };
    }
    case 'delete':
      await db.prisma.$executeRawUnsafe(`DELETE FROM audit_records WHERE ${where(t.seq)}`);
      return t.seq === n ? { reason: 'head_mismatch', seq: n } : { reason: 'sequence_gap', seq: t.seq };
    case 'moveToOtherTenant':
      await db.prisma.$executeRawUnsafe(`UPDATE audit_records SET tenant_id = gen_random_uuid() WHERE ${where(t.seq)}`);
      return t.seq === n ? { reason: 'head_mismatch', seq: n } : { reason: 'sequence_gap', seq: t.seq };
    case 'swap':
      await db.prisma.$executeRawUnsafe(`UPDATE audit_records SET seq = 0 WHERE ${where(t.a)}`);
      await db.prisma.$executeRawUnsafe(`UPDATE audit_records SET seq = ${t.a} WHERE ${where(t.b)}`);
      await db.prisma.$executeRawUnsafe(`UPDATE audit_records SET seq = ${t.b} WHERE ${where(0)}`);
      return { reason: 'hash_mismatch', seq: t.a };
    case 'insert': {
      await shiftUp(tenantId, t.at);
      const prevHash = t.at === 1 ? GENESIS_HASH : (await rowAt(tenantId, t.at - 1)).hash;
      const forged = { ...sampleEntry(tenantId, 99), id: randomUUID(), seq: t.at, prevHash };
      const hash = t.forgeHashes ? recordHash({ ...forged, ...viewFields(forged) }) : 'f'.repeat(64);
      await db.prisma.$executeRaw`
        INSERT INTO audit_records (id, tenant_id, seq, occurred_at, user_id, credential_id, credential_kind, surface,
                                   operation, arguments, outcome, error_code, request_id, run_id, prev_hash, hash)
        VALUES (${forged.id}::uuid, ${tenantId}::uuid, ${t.at}, ${forged.occurredAt}::timestamptz, ${forged.userId}::uuid,
                ${forged.credentialId}::uuid, ${forged.credentialKind}, ${forged.surface}, ${forged.operation},
                ${JSON.stringify(forged.arguments)}::jsonb, ${forged.outcome}, ${forged.errorCode ?? null},
                ${forged.requestId}, ${forged.runId ?? null}, ${prevHash}, ${hash})`;
      if (t.forgeHashes) {
        const last = await rowAt(tenantId, n + 1);
        await db.prisma.auditHead.update({ where: { tenantId }, data: { seq: BigInt(n + 1), hash: last.hash } });
        // The forged record itself holds; the one pushed up fails, unless a checkpoint at the forged seq sees it first.
        return t.at === middle || t.at === n
          ? { reason: 'checkpoint_root', seq: t.at }
          : { reason: 'hash_mismatch', seq: t.at + 1 };
      }
      return { reason: 'hash_mismatch', seq: t.at };
    }
    case 'deleteTail': {
      await db.prisma.$executeRaw`DELETE FROM audit_records WHERE tenant_id = ${tenantId}::uuid AND seq >= ${t.from}`;
      if (!t.moveHead) return { reason: 'head_mismatch', seq: t.from };
      const hash = t.from === 1 ? GENESIS_HASH : (await rowAt(tenantId, t.from - 1)).hash;
      await db.prisma.auditHead.update({ where: { tenantId }, data: { seq: BigInt(t.from - 1), hash } });
      return { reason: 'checkpoint_beyond_head', seq: t.from };
    }
    case 'rewriteSuffix':
      await db.prisma.$executeRawUnsafe(`UPDATE audit_records SET ${fieldEdits.arguments} WHERE ${where(t.from)}`);
      await rechainFrom(tenantId, t.from, n);
      // A consistent rewrite is caught only by the first checkpoint that covers it.
      return { reason: 'checkpoint_root', seq: t.from <= middle ? middle : n };
  }
}

/** The hashed form of a forged entry, with nulls where the entry leaves fields out. */
function viewFields(entry: ReturnType<typeof sampleEntry>) {
  return {
    tenantId: entry.tenantId,
    occurredAt: entry.occurredAt!.toISOString(),
    userId: entry.userId ?? null,
    credentialId: entry.credentialId ?? null,
    credentialKind: entry.credentialKind ?? null,
    arguments: entry.arguments as never,
    errorCode: entry.errorCode ?? null,
    requestId: entry.requestId ?? null,
    runId: entry.runId ?? null,
  };
}

describe('tampering with the stored audit trail', () => {
  it('is caught by verify, at the first broken record, whatever is edited, deleted, reordered or inserted', async () => {
    const scenario = fc
      .integer({ min: 3, max: 12 })
      .chain((n) =>
        fc.record({ n: fc.constant(n), middle: fc.integer({ min: 1, max: n }), tampering: tamperingOf(n) }),
      );
    await fc.assert(
      fc.asyncProperty(scenario, async ({ n, middle, tampering }) => {
        const tenantId = randomUUID();
        await buildTrail(tenantId, n, middle);
        const checkpoints = middle === n ? 1 : 2;
        expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toEqual({
          ok: true,
          records: n,
          checkpoints,
          pending: 0,
        });

        const expected = await tamper(tenantId, n, middle, tampering);
        const result = await verifyAuditTrail(db.prisma, [key.publicKey], tenantId);
        expect(result).toMatchObject({ ok: false, reason: expected.reason, brokenAt: { seq: expected.seq } });
      }),
      { numRuns: 120 },
    );
  });

  it('is caught when a checkpoint is forged, deleted records and all', async () => {
    const tenantId = randomUUID();
    await buildTrail(tenantId, 6, 3);
    await db.prisma
      .$executeRaw`UPDATE audit_checkpoints SET root_hash = repeat('a', 64) WHERE tenant_id = ${tenantId}::uuid AND tree_size = 3`;
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId)).toMatchObject({
      ok: false,
      reason: 'checkpoint_signature',
      brokenAt: { seq: 3 },
      records: 3,
    });
  });

  it('reports a checkpoint signed by a key that is not among the trusted ones', async () => {
    const tenantId = randomUUID();
    await buildTrail(tenantId, 4, 2);
    expect(await verifyAuditTrail(db.prisma, [testSigningKey().publicKey], tenantId)).toMatchObject({
      ok: false,
      reason: 'checkpoint_signature',
      brokenAt: { seq: 2 },
    });
  });

  it('reads a long chain in several batches and still finds the first broken record', async () => {
    const tenantId = randomUUID();
    await buildTrail(tenantId, 25, 10);
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId, { batchSize: 4 })).toEqual({
      ok: true,
      records: 25,
      checkpoints: 2,
      pending: 0,
    });
    await db.prisma.$executeRaw`DELETE FROM audit_records WHERE tenant_id = ${tenantId}::uuid AND seq = 17`;
    expect(await verifyAuditTrail(db.prisma, [key.publicKey], tenantId, { batchSize: 4 })).toMatchObject({
      reason: 'sequence_gap',
      brokenAt: { seq: 17 },
      records: 16,
    });
  });
});
