/**
 * Audit verification throughput: records per second of verifyAuditTrail over a 100,000-record chain with a signed
 * checkpoint every 1,000 records, in a fresh database. The baseline, measured in the same run: recomputing the record
 * hashes in memory on one thread, no database (the pure cost of the cryptography; issue 23 asks the verifier for at
 * least 100,000 records/s where this does about 160,000). Beside it, in the same run: PostgreSQL writing the rows as
 * text without sending them (the server's own share, which runs on the same cores here), reading them with
 * node-postgres in keyset batches and with Prisma (the reader verification used before), and the verifier with its
 * default settings, on the calling thread alone and with one and two hashing threads. Each row also shows this
 * process's CPU per record, which other processes' load on a shared machine does not change.
 *
 *   npx tsx bench/auditVerify.ts [records=100000] [runs=3]
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
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

/** Wall seconds and CPU seconds of this process (every thread: the hashing threads count too) of one call. */
async function timed<T>(run: () => Promise<T> | T): Promise<{ seconds: number; cpu: number; value: T }> {
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const value = await run();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  return { seconds, cpu: (cpu.user + cpu.system) / 1e6, value };
}

type Sample = { seconds: number; cpu: number };

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

    const pool = sqlPool(db.prisma);
    const threads = availableHashWorkers();
    const verified = (opts: { workers?: number }) => async () => {
      const result = await verifyAuditTrail(db.prisma, [key.publicKey], tenantId, opts);
      if (!result.ok || result.records !== count) throw new Error(`verify: ${JSON.stringify(result)}`);
    };
    const counted = (batches: () => AsyncIterable<unknown[]>) => async () => {
      let rows = 0;
      for await (const batch of batches()) rows += batch.length;
      if (rows !== count) throw new Error(`read ${rows} rows, expected ${count}`);
    };
    // The measures, interleaved within each run so that the load of the shared machine falls on all of them alike.
    const measures: Array<[label: string, run: () => Promise<void> | void]> = [
      [
        'recompute the record hashes in memory, one thread, no database (baseline)',
        () => {
          for (const record of built.value.records) if (recordHash(record) !== record.hash) throw new Error('hash');
        },
      ],
      [
        'PostgreSQL alone: the rows written as text by the server, none sent',
        async () => {
          // Every column through its output function (jsonb included), as for a client, without the transfer.
          await pool.query(
            'SELECT sum(octet_length(r::text)) FROM (SELECT id, tenant_id, seq, occurred_at, user_id, credential_id, ' +
              'credential_kind, surface, operation, arguments, outcome, error_code, request_id, run_id, prev_hash, hash ' +
              'FROM audit_records WHERE tenant_id = $1::uuid ORDER BY seq) r',
            [tenantId],
          );
        },
      ],
      [
        'read the rows as text with node-postgres, keyset batches',
        counted(() => readRecordTextBatches(pool, tenantId)),
      ],
      [
        'read the rows with Prisma, same batches (the former reader)',
        counted(() => readRecordBatches(db.prisma, tenantId)),
      ],
      ["verifyAuditTrail, default settings (the service's call)", verified({})],
      ['verifyAuditTrail on the calling thread alone (workers: 0)', verified({ workers: 0 })],
      ...[1, 2]
        .filter((n) => n <= Math.max(2, threads))
        .map((n): [string, () => Promise<void>] => [
          `verifyAuditTrail, ${n} hashing thread${n === 1 ? '' : 's'} (workers: ${n})`,
          verified({ workers: n }),
        ]),
    ];
    const samples = measures.map((): Sample[] => []);
    for (let i = 0; i < runs; i++) {
      for (const [m, [, run]] of measures.entries()) samples[m]!.push(await timed(run));
    }
    const rate = (m: number) => count / median(samples[m]!.map((s) => s.seconds));
    const cpuPerRecord = (m: number) => (median(samples[m]!.map((s) => s.cpu)) / count) * 1e6;
    const baseline = rate(0);
    const checkpoints = built.value.checkpoints.length;
    printTable(
      `audit verification, records per second over ${count} records, ${checkpoints} checkpoints (median of ${runs})`,
      measures.map(([label], m) => [label, rate(m), rate(m) / baseline]),
    );
    console.log('\nCPU of this process per record, every thread (the load of other processes does not count):');
    for (const [m, [label]] of measures.entries())
      console.log(`  ${label.padEnd(80)} ${cpuPerRecord(m).toFixed(2)} µs`);
    const runsOf = (m: number) => samples[m]!.map((s) => Math.round(count / s.seconds)).join(', ');
    for (const [m, [label]] of measures.entries()) console.log(`  runs, ${label}: ${runsOf(m)} records/s`);
    const verifier = rate(measures.findIndex(([label]) => label.includes('default settings')));
    console.log(
      `  target: verifier (default settings) >= 100000 records/s -> ${verifier >= 100_000 ? 'met' : 'NOT met'} ` +
        `(${Math.round(verifier)}, ${(verifier / baseline).toFixed(2)} of hashing alone); ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} on ${availableParallelism()} cores`,
    );
  } finally {
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
