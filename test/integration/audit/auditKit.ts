import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { PrismaClient } from '../../../db/prismaClient';
import { appendAuditRecord, type AuditEntry } from '../../../engines/audit/append';
import { chainPendingAuditRecords } from '../../../engines/audit/chainPending';
import { loadAuditSigningKey, type AuditSigningKey } from '../../../engines/audit/signingKey';

/** A fresh in-memory signing key (nothing written to disk). */
export function testSigningKey(): AuditSigningKey {
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return loadAuditSigningKey({ pem, dataDir: '/nonexistent' });
}

// Signs nothing: chainAll makes no checkpoints, but the sequencer takes a key for those it would make.
const kitKey = testSigningKey();

export const userA = '0196f3a0-0000-7000-8000-0000000000a1';
export const userB = '0196f3a0-0000-7000-8000-0000000000b2';

/** The entry of the n-th call of a small, varied workload: two users, both surfaces, some failures. */
export function sampleEntry(tenantId: string, n: number): AuditEntry {
  return {
    tenantId,
    userId: n % 3 === 0 ? userB : userA,
    credentialId: randomUUID(),
    credentialKind: n % 2 ? 'personal_access_token' : 'delegated_credential',
    surface: n % 4 === 0 ? 'mcp' : 'rest',
    operation: n % 2 ? 'create_leave_request' : 'send_agent_message',
    arguments: { body: { n, note: `call ${n}`, nested: { list: [n, n * 1.5, null, true] } } },
    outcome: n % 5 === 0 ? 'failure' : 'success',
    ...(n % 5 === 0 ? { errorCode: 'validation_error' } : {}),
    requestId: randomUUID(),
    ...(n % 7 === 0 ? { runId: randomUUID() } : {}),
    occurredAt: new Date(Date.UTC(2026, 10, 23, 9, 0, 0, n)),
  };
}

/** Chains every pending record of every tenant, as a sequencer's flush does; no periodic checkpoints. */
export async function chainAll(prisma: PrismaClient): Promise<number> {
  const { chained } = await chainPendingAuditRecords(prisma, kitKey, { checkpointEvery: 0, flush: {} });
  return chained;
}

/**
 * Appends `count` sample records to a tenant, one after the other, through the real engine, and chains them: the
 * trail as the API leaves it once its sequencer has run.
 */
export async function appendSamples(prisma: PrismaClient, tenantId: string, count: number, from = 1): Promise<void> {
  for (let n = from; n < from + count; n++) await appendAuditRecord(prisma, sampleEntry(tenantId, n));
  await chainAll(prisma);
}
