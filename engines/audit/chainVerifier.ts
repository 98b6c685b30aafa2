import type { KeyObject } from 'node:crypto';
import { verifyCheckpointSignature, type CheckpointClaim } from './checkpointStatement';
import { leafHashOfHex, MerkleFrontier } from './merkle';
import { GENESIS_HASH, recordHash, type AuditRecordView } from './recordHash';

/** Why a chain fails verification. */
export const verifyFailureReasons = [
  /** A record's stored hash is not the hash of its fields: the record was edited. */
  'hash_mismatch',
  /** A record's prevHash is not the previous record's hash: a record before it was replaced. */
  'broken_link',
  /** A seq is missing (a record was deleted or moved) or out of place. */
  'sequence_gap',
  /** A checkpoint's signature does not verify, or no known key made it. */
  'checkpoint_signature',
  /** The records a checkpoint covers no longer have the root (or last hash) it signed: a rewritten stretch. */
  'checkpoint_root',
  /** A checkpoint covers more records than exist: records at the end were deleted. */
  'checkpoint_beyond_head',
  /** The head row disagrees with the last record: records were deleted from or added at the end. */
  'head_mismatch',
] as const;
export type VerifyFailureReason = (typeof verifyFailureReasons)[number];

export interface VerifyFailure {
  ok: false;
  /** Records that verified before the failure. */
  records: number;
  /** Checkpoints that verified before the failure. */
  checkpoints: number;
  /** The first broken record: its seq, its id when the record exists, the checkpoint when one failed. */
  brokenAt: { seq: number; id?: string; checkpointId?: string };
  reason: VerifyFailureReason;
  message: string;
}

export type AuditVerification = { ok: true; records: number; checkpoints: number } | VerifyFailure;

/** The record's hash, or why it has none: a value edited into jsonb that JSON cannot carry (1e400) is tampering too. */
export function hashOrWhyNot(record: AuditRecordView): string {
  try {
    return recordHash(record);
  } catch (error) {
    return `unhashable (${(error as Error).message})`;
  }
}

/** What the chain checks of a record beside its hash: where it sits and what it links to. */
export type ChainLink = Pick<AuditRecordView, 'seq' | 'id' | 'prevHash' | 'hash'>;

/** The head row of a tenant's chain: how many records it has and the last one's hash. */
export interface ChainHead {
  seq: number;
  hash: string;
}

/** A stored checkpoint: its claim, who signed it and the signature. */
export interface StoredCheckpoint extends CheckpointClaim {
  id: string;
  keyId: string;
  signature: string;
}

/**
 * The pure core of verification: fed a tenant's records in seq order, then the head row, it recomputes every hash,
 * follows every link, rebuilds the Merkle root at each checkpoint's size and checks its signature, and stops at the
 * first failure. Checking in seq order makes the failure it reports the first broken record.
 */
export class ChainVerifier {
  private readonly frontier = new MerkleFrontier();
  private readonly pending: StoredCheckpoint[];
  private readonly keys: Map<string, KeyObject>;
  private lastHash = GENESIS_HASH;
  private checkpointsVerified = 0;
  private failure: VerifyFailure | undefined;

  /** `checkpoints` of this tenant in any order; `keys` by key id (see keyIdOf). */
  constructor(checkpoints: readonly StoredCheckpoint[], keys: ReadonlyMap<string, KeyObject>) {
    this.pending = [...checkpoints].sort((a, b) => a.treeSize - b.treeSize);
    this.keys = new Map(keys);
    this.checkCheckpointsAt(0);
  }

  /** The failure found so far; once set, later input is ignored. */
  get failed(): VerifyFailure | undefined {
    return this.failure;
  }

  /** Checks the next record; returns false once the chain has failed. */
  push(record: AuditRecordView): boolean {
    // Only a record in its place is hashed: a gap fails before the hash is compared.
    const inPlace = !this.failure && record.seq === this.frontier.size + 1;
    return this.pushHashed(record, inPlace ? hashOrWhyNot(record) : '');
  }

  /**
   * push, for a record whose fields were hashed elsewhere (a worker thread): `actual` is hashOrWhyNot of the
   * record, `leaf` optionally the Merkle leaf hash of its stored hash (leafHashOfHex(hash)), which is used
   * only once `actual` matched the stored hash. The checks and their order are push's.
   */
  pushHashed(record: ChainLink, actual: string, leaf?: Buffer): boolean {
    if (this.failure) return false;
    const expected = this.frontier.size + 1;
    if (record.seq !== expected) {
      this.fail('sequence_gap', { seq: expected }, `record ${expected} is missing (found ${record.seq} next)`);
      return false;
    }
    if (actual !== record.hash) {
      const message = `record ${record.seq} was altered: its fields hash to ${actual}, not to its stored hash ${record.hash}`;
      this.fail('hash_mismatch', { seq: record.seq, id: record.id }, message);
      return false;
    }
    if (record.prevHash !== this.lastHash) {
      const message =
        `record ${record.seq} does not follow record ${record.seq - 1}: its prevHash is ${record.prevHash}, ` +
        `the previous hash is ${this.lastHash} (one of the two was replaced)`;
      this.fail('broken_link', { seq: record.seq, id: record.id }, message);
      return false;
    }
    if (leaf) this.frontier.appendLeafHash(leaf);
    else this.frontier.appendLeafHash(leafHashOfHex(record.hash));
    this.lastHash = record.hash;
    return this.checkCheckpointsAt(record.seq);
  }

  /**
   * Ends the walk with the tenant's head row as read before the walk and after it (null when there is none); the
   * two differ when records were appended meanwhile. Returns the outcome.
   */
  finish(headBefore: ChainHead | null, headAfter: ChainHead | null = headBefore): AuditVerification {
    if (this.failure) return this.failure;
    const count = this.frontier.size;
    const before = headBefore ?? { seq: 0, hash: GENESIS_HASH };
    const after = headAfter ?? { seq: 0, hash: GENESIS_HASH };
    // Records up to the first head were committed before the walk began, so all of them must have been read; a
    // record beyond the second head was never appended through the chain.
    if (count < before.seq) {
      const message = `the head says ${before.seq} records, but only ${count} exist: records ${count + 1} to ${before.seq} are missing`;
      return this.fail('head_mismatch', { seq: count + 1 }, message);
    }
    if (count > after.seq) {
      const message = `${count} records exist, but the head says ${after.seq}: records ${after.seq + 1} to ${count} were added outside the chain`;
      return this.fail('head_mismatch', { seq: after.seq + 1 }, message);
    }
    const head = count === after.seq ? after : count === before.seq ? before : undefined;
    if (head && head.hash !== this.lastHash) {
      const message = `the head names ${head.hash} as the hash of record ${count}, but it is ${this.lastHash}: record ${count} was replaced`;
      return this.fail('head_mismatch', { seq: count }, message);
    }
    const beyond = this.pending[0];
    if (beyond) {
      if (!this.signatureHolds(beyond)) return this.failure!;
      const message =
        `checkpoint ${beyond.id} signed ${beyond.treeSize} records, but only ${count} exist: ` +
        `records ${count + 1} to ${beyond.treeSize} were deleted`;
      return this.fail('checkpoint_beyond_head', { seq: count + 1, checkpointId: beyond.id }, message);
    }
    return { ok: true, records: count, checkpoints: this.checkpointsVerified };
  }

  private checkCheckpointsAt(size: number): boolean {
    while (this.pending[0] !== undefined && this.pending[0].treeSize <= size) {
      const checkpoint = this.pending.shift()!;
      if (!this.signatureHolds(checkpoint)) return false;
      const root = this.frontier.root().toString('hex');
      if (checkpoint.treeSize !== size || checkpoint.rootHash !== root || checkpoint.lastHash !== this.lastHash) {
        const message =
          `records up to ${checkpoint.treeSize} are not those checkpoint ${checkpoint.id} signed (root ` +
          `${checkpoint.rootHash}, now ${root}): a record at or before ${checkpoint.treeSize} was rewritten`;
        this.fail('checkpoint_root', { seq: checkpoint.treeSize, checkpointId: checkpoint.id }, message);
        return false;
      }
      this.checkpointsVerified += 1;
    }
    return true;
  }

  private signatureHolds(checkpoint: StoredCheckpoint): boolean {
    const key = this.keys.get(checkpoint.keyId);
    if (key && verifyCheckpointSignature(checkpoint, checkpoint.signature, key)) return true;
    const message = key
      ? `checkpoint ${checkpoint.id} at ${checkpoint.treeSize} records has an invalid signature`
      : `checkpoint ${checkpoint.id} at ${checkpoint.treeSize} records was signed by unknown key ${checkpoint.keyId}`;
    this.fail('checkpoint_signature', { seq: checkpoint.treeSize, checkpointId: checkpoint.id }, message);
    return false;
  }

  private fail(reason: VerifyFailureReason, brokenAt: VerifyFailure['brokenAt'], message: string): VerifyFailure {
    return (this.failure = {
      ok: false,
      records: this.frontier.size,
      checkpoints: this.checkpointsVerified,
      brokenAt,
      reason,
      message,
    });
  }
}
