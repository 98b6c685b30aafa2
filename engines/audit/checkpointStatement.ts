import { sign, verify, type KeyObject } from 'node:crypto';

/** The first line of every signed checkpoint statement; a new format gets a new version. */
export const CHECKPOINT_STATEMENT_VERSION = 'svc-hr-audit-checkpoint/v1';

/** What a checkpoint asserts: "the first `treeSize` records of this tenant have this Merkle root". */
export interface CheckpointClaim {
  tenantId: string;
  treeSize: number;
  /** RFC 6962 root (hex) over the hashes of records 1..treeSize. */
  rootHash: string;
  /** The chain hash of record `treeSize` (64 zeros for the empty tree), binding the root to the chain. */
  lastHash: string;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
}

/**
 * The exact bytes that are signed (UTF-8): six lines joined by `\n`, no trailing newline:
 * `svc-hr-audit-checkpoint/v1`, tenantId, treeSize in decimal, rootHash, lastHash, createdAt.
 */
export function checkpointStatement(claim: CheckpointClaim): string {
  return [
    CHECKPOINT_STATEMENT_VERSION,
    claim.tenantId,
    String(claim.treeSize),
    claim.rootHash,
    claim.lastHash,
    claim.createdAt,
  ].join('\n');
}

/** The Ed25519 signature (base64) of a checkpoint's statement. */
export function signCheckpoint(claim: CheckpointClaim, privateKey: KeyObject): string {
  return sign(null, Buffer.from(checkpointStatement(claim), 'utf8'), privateKey).toString('base64');
}

/**
 * True when `signature` (base64) is the Ed25519 signature of the claim's statement under `publicKey`. A signature
 * that is not in canonical base64 fails: lenient decoding would accept altered text as the same signature.
 */
export function verifyCheckpointSignature(claim: CheckpointClaim, signature: string, publicKey: KeyObject): boolean {
  const bytes = Buffer.from(signature, 'base64');
  if (bytes.length !== 64 || bytes.toString('base64') !== signature) return false;
  return verify(null, Buffer.from(checkpointStatement(claim), 'utf8'), publicKey, bytes);
}
