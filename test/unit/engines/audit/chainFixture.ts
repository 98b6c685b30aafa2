import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { StoredCheckpoint } from '../../../../engines/audit/chainVerifier';
import { signCheckpoint } from '../../../../engines/audit/checkpointStatement';
import { merkleRootHex } from '../../../../engines/audit/merkle';
import { GENESIS_HASH, recordHash, type AuditRecordView } from '../../../../engines/audit/recordHash';
import { keyIdOf } from '../../../../engines/audit/signingKey';

export const tenantId = '0196f3a0-0000-7000-8000-000000000001';

/** A chain of `count` records built in memory, each hashed and linked like appendAuditRecord does. */
export function buildChain(count: number): AuditRecordView[] {
  const records: AuditRecordView[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= count; seq++) {
    const record = {
      id: `0196f3a0-0000-7000-8000-${seq.toString(16).padStart(12, '0')}`,
      tenantId,
      seq,
      occurredAt: new Date(Date.UTC(2026, 10, 23, 9, 0, seq)).toISOString(),
      userId: null,
      credentialId: null,
      credentialKind: null,
      surface: 'rest',
      operation: seq % 2 ? 'create_leave_request' : 'send_agent_message',
      arguments: { n: seq },
      outcome: 'success',
      errorCode: null,
      requestId: null,
      runId: null,
      prevHash,
    };
    const hash = recordHash(record);
    records.push({ ...record, hash });
    prevHash = hash;
  }
  return records;
}

/** A checkpoint over the first `treeSize` records, signed with `privateKey`. */
export function checkpointOf(
  records: readonly AuditRecordView[],
  treeSize: number,
  privateKey: KeyObject,
  publicKey: KeyObject,
): StoredCheckpoint {
  const claim = {
    tenantId,
    treeSize,
    rootHash: merkleRootHex(records.slice(0, treeSize).map((r) => r.hash)),
    lastHash: treeSize === 0 ? GENESIS_HASH : records[treeSize - 1]!.hash,
    createdAt: '2026-11-23T10:00:00.000Z',
  };
  return {
    ...claim,
    id: `checkpoint-${treeSize}`,
    keyId: keyIdOf(publicKey),
    signature: signCheckpoint(claim, privateKey),
  };
}

export function newKeyPair(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('ed25519');
}

/** The same records rehashed and relinked from `from` on, as someone who knows the algorithm would forge them. */
export function rechain(records: AuditRecordView[], from: number): AuditRecordView[] {
  const out = records.slice(0, from - 1);
  let prevHash = from === 1 ? GENESIS_HASH : out[from - 2]!.hash;
  for (const record of records.slice(from - 1)) {
    const relinked = { ...record, prevHash };
    const hash = recordHash(relinked);
    out.push({ ...relinked, hash });
    prevHash = hash;
  }
  return out;
}
