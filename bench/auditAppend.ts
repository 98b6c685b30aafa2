/**
 * Audit append throughput on one tenant from concurrent writers, in a fresh database. Baseline measured in the same
 * run: one INSERT per call (appendAuditRecord), the records left pending. Then the path the API takes: the
 * sequencer's group-committed append, timed until every record is chained; and the sequencer's chaining alone, on a
 * backlog of pending records.
 *
 *   npx tsx bench/auditAppend.ts [appends=4000] [writers=8]
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { PrismaClient } from '../db/prismaClient';
import { appendAuditRecord, type AuditEntry } from '../engines/audit/append';
import { chainPendingAuditRecords } from '../engines/audit/chainPending';
import { startAuditSequencer } from '../engines/audit/sequencer';
import { loadAuditSigningKey } from '../engines/audit/signingKey';
import { printTable } from './report';
import { benchDatabase } from './support';

function entry(tenantId: string, n: number): AuditEntry {
  return {
    tenantId,
    userId: randomUUID(),
    credentialId: randomUUID(),
    credentialKind: 'personal_access_token',
    surface: 'mcp',
    operation: 'get_me',
    arguments: { params: {}, query: {}, body: { n } },
    outcome: 'success',
    requestId: randomUUID(),
  };
}

/** Runs `count` calls of `call` from `writers` concurrent loops; answers calls per second. */
async function rate(count: number, writers: number, call: (n: number) => Promise<unknown>, then = async () => {}) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < count) await call(next++);
    }),
  );
  await then();
  return count / ((performance.now() - started) / 1000);
}

async function pendingCount(prisma: PrismaClient): Promise<number> {
  return prisma.auditPending.count();
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 4000);
  const writers = Number(process.argv[3] ?? 8);
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const key = loadAuditSigningKey({ pem, dataDir: '/nonexistent' });
  const db = await benchDatabase('audit_append');
  try {
    const { prisma } = db;
    const tenantId = randomUUID();
    await rate(200, writers, (n) => appendAuditRecord(prisma, entry(tenantId, n))); // warm-up
    await chainPendingAuditRecords(prisma, key, { checkpointEvery: 0, flush: {} });

    const direct = await rate(count, writers, (n) => appendAuditRecord(prisma, entry(tenantId, n)));
    const backlog = await pendingCount(prisma);
    const started = performance.now();
    await chainPendingAuditRecords(prisma, key, { checkpointEvery: 1000, flush: {} });
    const chaining = backlog / ((performance.now() - started) / 1000);

    const sequencer = startAuditSequencer({ prisma, key, checkpointEvery: 1000, log: console });
    const sequenced = await rate(
      count,
      writers,
      (n) => sequencer.append(entry(tenantId, n)),
      () => sequencer.flush(),
    );
    await sequencer.stop();
    if ((await pendingCount(prisma)) !== 0) throw new Error('records were left pending');

    printTable(`audit appends per second, one tenant, ${writers} concurrent writers, ${count} appends`, [
      ['appendAuditRecord, one INSERT per call, left pending (baseline)', direct, 1],
      ['sequencer.append (group commit), until all are chained', sequenced, sequenced / direct],
      [`chainPendingAuditRecords on a backlog of ${backlog}`, chaining, chaining / direct],
    ]);
  } finally {
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
