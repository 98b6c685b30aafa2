/**
 * Audit verification throughput: records per second of verifyAuditTrail over a 100,000-record chain with a signed
 * checkpoint every 1,000 records, in a fresh database. Baselines measured in the same run: reading the same rows
 * with Prisma in the same keyset batches (the floor any verification that reads the database stands on), and
 * recomputing the record hashes in memory (the pure cost of the cryptography).
 *
 *   npx tsx bench/auditVerify.ts [records=100000] [runs=3]
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { PrismaClient } from '../db/prismaClient';
import { readRecordBatches } from '../engines/audit/chainReader';
import { signCheckpoint } from '../engines/audit/checkpointStatement';
import { leafDataOf, MerkleFrontier } from '../engines/audit/merkle';
import { GENESIS_HASH, recordHash, type AuditRecordView } from '../engines/audit/recordHash';
import { loadAuditSigningKey, type AuditSigningKey } from '../engines/audit/signingKey';
import { verifyAuditTrail } from '../engines/audit/verify';
import { median, printTable } from './report';
import { benchDatabase } from './support';

const CHECKPOINT_EVERY = 1000;
const INSERT_BATCH = 5000;

/** The chain computed in memory, as appendAuditRecord would have built it, with its checkpoints. */
function buildChain(tenantId: string, count: number, key: AuditSigningKey) {
  const users = Array.from({ length: 50 }, () => randomUUID());
  const records: AuditRecordView[] = [];
  const checkpoints = [];
  const frontier = new MerkleFrontier();
  const start = Date.UTC(2026, 0, 1);
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= count; seq++) {
    const record = {
      id: randomUUID(),
      tenantId,
      seq,
      occurredAt: new Date(start + seq * 250).toISOString(),
      userId: users[seq % users.length]!,
      credentialId: users[(seq * 7) % users.length]!,
      credentialKind: 'personal_access_token',
      surface: seq % 3 ? 'rest' : 'mcp',
      operation: seq % 2 ? 'create_leave_request' : 'list_leave_requests',
      arguments: {
        params: {},
        query: { limit: 50 },
        body: { start_date: '2026-03-02', days: seq % 10, reason: 'Family' },
      },
      outcome: seq % 17 ? 'success' : 'failure',
      errorCode: seq % 17 ? null : 'validation_error',
      requestId: randomUUID(),
      runId: null,
      prevHash,
    };
    const hash = recordHash(record);
    records.push({ ...record, hash });
    frontier.append(leafDataOf(hash));
    prevHash = hash;
    if (seq % CHECKPOINT_EVERY === 0) {
      const claim = {
        tenantId,
        treeSize: seq,
        rootHash: frontier.root().toString('hex'),
        lastHash: hash,
        createdAt: new Date().toISOString(),
      };
      checkpoints.push({ ...claim, keyId: key.keyId, signature: signCheckpoint(claim, key.privateKey) });
    }
  }
  return { records, checkpoints };
}

/**
 * Bulk rows, not 100,000 appends: the benchmark measures verification, not writing. Each batch travels as one jsonb
 * parameter that PostgreSQL unpacks into rows, far faster than row-by-row inserts.
 */
async function store(prisma: PrismaClient, chain: ReturnType<typeof buildChain>): Promise<void> {
  const { records, checkpoints } = chain;
  for (let i = 0; i < records.length; i += INSERT_BATCH) {
    const batch = JSON.stringify(records.slice(i, i + INSERT_BATCH));
    await prisma.$executeRaw`
      INSERT INTO audit_records (id, tenant_id, seq, occurred_at, user_id, credential_id, credential_kind, surface,
                                 operation, arguments, outcome, error_code, request_id, run_id, prev_hash, hash)
      SELECT id, "tenantId", seq, "occurredAt", "userId", "credentialId", "credentialKind", surface, operation,
             arguments, outcome, "errorCode", "requestId", "runId", "prevHash", hash
      FROM jsonb_to_recordset(${batch}::jsonb) AS r(id uuid, "tenantId" uuid, seq bigint, "occurredAt" timestamptz,
        "userId" uuid, "credentialId" uuid, "credentialKind" text, surface text, operation text, arguments jsonb,
        outcome text, "errorCode" text, "requestId" text, "runId" text, "prevHash" text, hash text)`;
  }
  const last = records[records.length - 1]!;
  await prisma.auditHead.create({ data: { tenantId: last.tenantId, seq: BigInt(last.seq), hash: last.hash } });
  await prisma.auditCheckpoint.createMany({
    data: checkpoints.map((c) => ({ ...c, treeSize: BigInt(c.treeSize), createdAt: new Date(c.createdAt) })),
  });
}

async function timed<T>(run: () => Promise<T> | T): Promise<{ seconds: number; value: T }> {
  const started = process.hrtime.bigint();
  const value = await run();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, value };
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 100_000);
  const runs = Number(process.argv[3] ?? 3);
  const db = await benchDatabase('audit_verify');
  try {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const key = loadAuditSigningKey({ pem, dataDir: '/nonexistent' });
    const tenantId = randomUUID();
    const built = await timed(() => buildChain(tenantId, count, key));
    const stored = await timed(() => store(db.prisma, built.value));
    console.log(`built ${count} records in ${built.seconds.toFixed(2)} s, stored in ${stored.seconds.toFixed(2)} s`);

    const read: number[] = [];
    const hashing: number[] = [];
    const verify: number[] = [];
    for (let i = 0; i < runs; i++) {
      read.push(
        (
          await timed(async () => {
            let rows = 0;
            for await (const batch of readRecordBatches(db.prisma, tenantId)) rows += batch.length;
            if (rows !== count) throw new Error(`read ${rows} rows, expected ${count}`);
          })
        ).seconds,
      );
      hashing.push(
        (
          await timed(() => {
            for (const record of built.value.records) if (recordHash(record) !== record.hash) throw new Error('hash');
          })
        ).seconds,
      );
      const result = await timed(() => verifyAuditTrail(db.prisma, [key.publicKey], tenantId));
      if (!result.value.ok || result.value.records !== count)
        throw new Error(`verify: ${JSON.stringify(result.value)}`);
      verify.push(result.seconds);
    }
    const rate = (seconds: number[]) => count / median(seconds);
    const baseline = rate(read);
    printTable(`audit verification, records per second over ${count} records (median of ${runs})`, [
      ['read the rows with Prisma, same batches (baseline)', baseline, 1],
      ['recompute the record hashes in memory, no database', rate(hashing), rate(hashing) / baseline],
      [
        `verifyAuditTrail (read, hash, links, ${built.value.checkpoints.length} checkpoints)`,
        rate(verify),
        rate(verify) / baseline,
      ],
    ]);
  } finally {
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
