import { createHash, hash } from 'node:crypto';

/**
 * The Merkle tree of RFC 6962 (Certificate Transparency), section 2.1, over a tenant's audit records in seq order.
 * The leaves are the records' chain hashes as 32 raw bytes; the 0x00/0x01 prefixes keep a leaf from passing for an
 * inner node (second-preimage attacks).
 */

const LEAF_PREFIX = Buffer.from([0]);
const NODE_PREFIX = Buffer.from([1]);

// One-shot crypto.hash over a buffer reused for every call: verification makes two hashes per record (a leaf, and an
// inner node on average), and allocating their input (Buffer.concat) cost as much as hashing it. Hashing is
// synchronous, so one buffer of each kind per thread is enough.
const leafInput = Buffer.alloc(33, 0);
const nodeInput = Buffer.alloc(65, 1);

/** SHA-256(0x00 || data): the hash of a leaf. */
export function leafHash(data: Buffer): Buffer {
  if (data.length !== 32) return hash('sha256', Buffer.concat([LEAF_PREFIX, data]), 'buffer');
  data.copy(leafInput, 1);
  return hash('sha256', leafInput, 'buffer');
}

/** SHA-256(0x01 || left || right): the hash of an inner node. */
export function nodeHash(left: Buffer, right: Buffer): Buffer {
  if (left.length !== 32 || right.length !== 32)
    return hash('sha256', Buffer.concat([NODE_PREFIX, left, right]), 'buffer');
  left.copy(nodeInput, 1);
  right.copy(nodeInput, 33);
  return hash('sha256', nodeInput, 'buffer');
}

/** The leaf hash of a record's chain hash given as 64 hex digits: leafHash(leafDataOf(recordHash)), without the copy. */
export function leafHashOfHex(recordHash: string): Buffer {
  checkDigest(recordHash);
  leafInput.write(recordHash, 1, 'hex');
  return hash('sha256', leafInput, 'buffer');
}

/** The root of the empty tree: SHA-256 of no bytes. */
export const EMPTY_ROOT = createHash('sha256').digest();

/** A record's chain hash (64 hex digits) as the leaf data of the tree. */
export function leafDataOf(recordHash: string): Buffer {
  checkDigest(recordHash);
  return Buffer.from(recordHash, 'hex');
}

function checkDigest(recordHash: string): void {
  if (!/^[0-9a-f]{64}$/.test(recordHash)) throw new TypeError(`not a SHA-256 hex digest: ${recordHash}`);
}

/**
 * The right edge of a growing tree: the roots of its perfect subtrees, largest first (one per 1-bit of the size).
 * Appending costs O(1) amortized and the root of the current size O(log n), so verification can check every
 * checkpoint's root in one pass over the records, and a checkpoint needs no stored tree.
 */
export class MerkleFrontier {
  private readonly subtrees: Array<{ height: number; hash: Buffer }> = [];
  private count = 0;

  /** Number of leaves appended. */
  get size(): number {
    return this.count;
  }

  /** Appends one leaf, given as its leaf data (a record hash's 32 bytes). */
  append(data: Buffer): void {
    this.appendLeafHash(leafHash(data));
  }

  /** Appends one leaf given as its leaf hash (leafHash of its data), computed elsewhere. */
  appendLeafHash(hash: Buffer): void {
    let node = { height: 0, hash };
    let last = this.subtrees[this.subtrees.length - 1];
    while (last !== undefined && last.height === node.height) {
      this.subtrees.pop();
      node = { height: node.height + 1, hash: nodeHash(last.hash, node.hash) };
      last = this.subtrees[this.subtrees.length - 1];
    }
    this.subtrees.push(node);
    this.count += 1;
  }

  /** The RFC 6962 root of the leaves appended so far. */
  root(): Buffer {
    const last = this.subtrees[this.subtrees.length - 1];
    if (last === undefined) return EMPTY_ROOT;
    // Folding from the right rebuilds the split at the largest power of two below the size, as RFC 6962 does.
    let hash = last.hash;
    for (let i = this.subtrees.length - 2; i >= 0; i--) hash = nodeHash(this.subtrees[i]!.hash, hash);
    return hash;
  }

  /** An independent copy, for extending a tree while keeping the original. */
  clone(): MerkleFrontier {
    const copy = new MerkleFrontier();
    copy.subtrees.push(...this.subtrees);
    copy.count = this.count;
    return copy;
  }
}

/** The RFC 6962 root (hex) over the given record hashes, in order. */
export function merkleRootHex(recordHashes: readonly string[]): string {
  const frontier = new MerkleFrontier();
  for (const hash of recordHashes) frontier.append(leafDataOf(hash));
  return frontier.root().toString('hex');
}
