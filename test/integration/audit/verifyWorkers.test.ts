import { randomUUID } from 'node:crypto';
import { createCheckpoint } from '../../../engines/audit/checkpoint';
import { verifyAuditTrail } from '../../../engines/audit/verify';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { appendSamples, testSigningKey } from './auditKit';

// verifyAuditTrail hashes long trails in worker threads (engines/audit/verifyWorkers.ts). Whatever was done to the
// trail, its answer must be the one of the walk on the calling thread, word for word: the threads are forced here
// on short trails, in ranges of 4 records so that every trail spans several threads and ranges.

let db: TestDatabase;
const key = testSigningKey();
const N = 30;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

async function buildTrail(tenantId: string): Promise<void> {
  await appendSamples(db.prisma, tenantId, 12);
  await createCheckpoint(db.prisma, key, tenantId);
  await appendSamples(db.prisma, tenantId, N - 12, 13);
  await createCheckpoint(db.prisma, key, tenantId);
}

const inline = (tenantId: string) =>
  verifyAuditTrail(db.prisma, [key.publicKey], tenantId, { workers: 0, batchSize: 4 });
const threaded = (tenantId: string, workers: number) =>
  verifyAuditTrail(db.prisma, [key.publicKey], tenantId, { workers, batchSize: 4 });

const where = (tenantId: string, seq: number) => `tenant_id = '${tenantId}'::uuid AND seq = ${seq}`;

/** SQL tamperings, by name; each leaves a trail that verification must reject at a known place. */
const tamperings: Record<string, (tenantId: string) => string[]> = {
  'an edited argument': (t) => [
    `UPDATE audit_records SET arguments = jsonb_set(arguments, '{forged}', 'true') WHERE ${where(t, 7)}`,
  ],
  'a number JSON cannot carry': (t) => [
    `UPDATE audit_records SET arguments = jsonb_set(arguments, '{forged}', '1e400') WHERE ${where(t, 18)}`,
  ],
  'an edited time': (t) => [
    `UPDATE audit_records SET occurred_at = occurred_at + interval '1 millisecond' WHERE ${where(t, 25)}`,
  ],
  'a deleted record': (t) => [`DELETE FROM audit_records WHERE ${where(t, 9)}`],
  'the last record deleted': (t) => [`DELETE FROM audit_records WHERE ${where(t, N)}`],
  'a record beyond the head': (t) => [`UPDATE audit_records SET seq = ${N + 7} WHERE ${where(t, N)}`],
  'two records swapped': (t) => [
    `UPDATE audit_records SET seq = 0 WHERE ${where(t, 5)}`,
    `UPDATE audit_records SET seq = 5 WHERE ${where(t, 21)}`,
    `UPDATE audit_records SET seq = 21 WHERE ${where(t, 0)}`,
  ],
  'a broken link': (t) => [`UPDATE audit_records SET prev_hash = repeat('f', 64) WHERE ${where(t, 14)}`],
  'a stored hash that is no digest': (t) => [`UPDATE audit_records SET hash = 'forged' WHERE ${where(t, 3)}`],
  'a tail deleted': (t) => [`DELETE FROM audit_records WHERE tenant_id = '${t}'::uuid AND seq >= 20`],
};

describe('verifying an audit trail with hashing threads', () => {
  it('answers ok, like the walk on the calling thread, whatever the number of threads', async () => {
    const tenantId = randomUUID();
    await buildTrail(tenantId);
    const expected = { ok: true, records: N, checkpoints: 2, pending: 0 };
    expect(await inline(tenantId)).toEqual(expected);
    for (const workers of [1, 2, 3]) expect(await threaded(tenantId, workers)).toEqual(expected);
  });

  it.each(Object.keys(tamperings))('reports %s exactly as the walk on the calling thread does', async (name) => {
    const tenantId = randomUUID();
    await buildTrail(tenantId);
    for (const sql of tamperings[name]!(tenantId)) await db.prisma.$executeRawUnsafe(sql);
    const expected = await inline(tenantId);
    expect(expected.ok).toBe(false);
    expect(await threaded(tenantId, 2)).toEqual(expected);
    expect(await threaded(tenantId, 1)).toEqual(expected);
  });

  it('reads the records appended after the head it started from on the calling thread', async () => {
    const tenantId = randomUUID();
    await buildTrail(tenantId);
    // A record chained after the head was read shows as a record beyond the head: the same answer either way.
    await db.prisma.$executeRawUnsafe(`UPDATE audit_heads SET seq = ${N - 3} WHERE tenant_id = '${tenantId}'::uuid`);
    const expected = await inline(tenantId);
    expect(await threaded(tenantId, 2)).toEqual(expected);
  });
});
