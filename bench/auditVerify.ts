/**
 * Audit verification throughput: records per second of verifyAuditTrail over a 100,000-record chain with a signed
 * checkpoint every 1,000 records, in a fresh database. The baseline, measured in the same run: recomputing the record
 * hashes in memory on one thread, no database (the pure cost of the cryptography; issue 23 asks the verifier for at
 * least 100,000 records/s where this does about 160,000). Beside it: reading the same rows as text with
 * node-postgres in the same keyset batches, and with Prisma (the reader verification used before), and the verifier
 * with its hashing threads (the default for a trail this long) and on the calling thread alone.
 *
 *   npx tsx bench/auditVerify.ts [records=100000] [runs=3]
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { PrismaClient } from '../db/prismaClient';
import { readRecordBatches, readRecordTextBatches } from '../engines/audit/chainReader';
import { signCheckpoint } from '../engines/audit/checkpointStatement';
import { leafDataOf, MerkleFrontier } from '../engines/audit/merkle';
import { GENESIS_HASH, recordHash, type AuditRecordView } from '../engines/audit/recordHash';
import { loadAuditSigningKey, type AuditSigningKey } from '../engines/audit/signingKey';
import { verifyAuditTrail } from '../engines/audit/verify';
import { availableHashWorkers } from '../engines/audit/verifyWorkers';
import { sqlPool } from '../db/prismaClient';
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

    // As autovacuum would have by now in a live database: without statistics on the bulk-loaded table the planner
    // sorts the tenant's remaining rows for every keyset batch, which measures the planner, not the verifier.
    await db.prisma.$executeRaw`ANALYZE audit_records`;

    const workers = availableHashWorkers();
    const series = {
      hashing: [] as number[],
      pg: [] as number[],
      prisma: [] as number[],
      verify: [] as number[],
      inline: [] as number[],
    };
    const verified = async (opts: { workers?: number }) => {
      const result = await timed(() => verifyAuditTrail(db.prisma, [key.publicKey], tenantId, opts));
      if (!result.value.ok || result.value.records !== count)
        throw new Error(`verify: ${JSON.stringify(result.value)}`);
      return result.seconds;
    };
    const counted = async (batches: AsyncIterable<unknown[]>) =>
      (
        await timed(async () => {
          let rows = 0;
          for await (const batch of batches) rows += batch.length;
          if (rows !== count) throw new Error(`read ${rows} rows, expected ${count}`);
        })
      ).seconds;
    for (let i = 0; i < runs; i++) {
      series.hashing.push(
        (
          await timed(() => {
            for (const record of built.value.records) if (recordHash(record) !== record.hash) throw new Error('hash');
          })
        ).seconds,
      );
      series.pg.push(await counted(readRecordTextBatches(sqlPool(db.prisma), tenantId)));
      series.prisma.push(await counted(readRecordBatches(db.prisma, tenantId)));
      series.verify.push(await verified({ workers }));
      series.inline.push(await verified({ workers: 0 }));
    }
    const rate = (seconds: number[]) => count / median(seconds);
    const baseline = rate(series.hashing);
    const checkpoints = built.value.checkpoints.length;
    printTable(`audit verification, records per second over ${count} records (median of ${runs})`, [
      ['recompute the record hashes in memory, one thread, no database (baseline)', baseline, 1],
      ['read the rows as text with node-postgres, same batches', rate(series.pg), rate(series.pg) / baseline],
      [
        'read the rows with Prisma, same batches (the former reader)',
        rate(series.prisma),
        rate(series.prisma) / baseline,
      ],
      [
        `verifyAuditTrail, ${workers} hashing thread${workers === 1 ? '' : 's'} (read, hash, links, ${checkpoints} checkpoints)`,
        rate(series.verify),
        rate(series.verify) / baseline,
      ],
      [
        'verifyAuditTrail on the calling thread alone (workers: 0)',
        rate(series.inline),
        rate(series.inline) / baseline,
      ],
    ]);
    const runsOf = (seconds: number[]) => seconds.map((s) => Math.round(count / s)).join(', ');
    console.log(`  verifier runs, ${workers} thread(s): ${runsOf(series.verify)} records/s`);
    console.log(`  verifier runs, calling thread: ${runsOf(series.inline)} records/s`);
    console.log(`  hashing-only runs: ${runsOf(series.hashing)} records/s`);
    const best = Math.max(rate(series.verify), rate(series.inline));
    console.log(
      `  target: verifier >= 100000 records/s -> ${best >= 100_000 ? 'met' : 'NOT met'} (${Math.round(best)})`,
    );
  } finally {
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
