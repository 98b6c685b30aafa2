import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../db/prismaClient';
import { signCheckpoint } from '../engines/audit/checkpointStatement';
import { leafDataOf, MerkleFrontier } from '../engines/audit/merkle';
import { GENESIS_HASH, recordHash, type AuditRecordView } from '../engines/audit/recordHash';
import type { AuditSigningKey } from '../engines/audit/signingKey';
const CHECKPOINT_EVERY = 1000;
const INSERT_BATCH = 5000;

/** The chain computed in memory, as appendAuditRecord would have built it, with its checkpoints. */
export function buildChain(tenantId: string, count: number, key: AuditSigningKey) {
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
export async function store(prisma: PrismaClient, chain: ReturnType<typeof buildChain>): Promise<void> {
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

