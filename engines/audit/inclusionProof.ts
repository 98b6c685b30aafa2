import { EMPTY_ROOT, leafDataOf, leafHash, nodeHash } from './merkle';

/** An RFC 6962 audit path: proves that the leaf at `leafIndex` belongs to the tree of `treeSize` leaves. */
export interface InclusionProof {
  /** 0-based: a record's seq minus 1. */
  leafIndex: number;
  treeSize: number;
  /** Sibling hashes (hex), from the leaf's level up to the root's children. */
  auditPath: string[];
}

/**
 * Every level of an RFC 6962 tree, leaves first, kept in memory to answer inclusion proofs for all leaves of one
 * export (32 bytes per node, about 64 bytes per record). Pairing nodes left to right and carrying an unpaired
 * last node up unchanged builds exactly the RFC 6962 tree, whose split is at the largest power of two below the size.
 */
export class MerkleTree {
  private readonly levels: Buffer[][];

  /** Builds the tree over record hashes (hex), in seq order. */
  constructor(recordHashes: readonly string[]) {
    let level = recordHashes.map((hash) => leafHash(leafDataOf(hash)));
    this.levels = [level];
    while (level.length > 1) {
      const next: Buffer[] = [];
      for (let i = 0; i + 1 < level.length; i += 2) next.push(nodeHash(level[i]!, level[i + 1]!));
      if (level.length % 2 === 1) next.push(level[level.length - 1]!);
      this.levels.push(next);
      level = next;
    }
  }

  get size(): number {
    return this.levels[0]!.length;
  }

  /** The root (hex); SHA-256 of nothing for the empty tree. */
  rootHex(): string {
    const top = this.levels[this.levels.length - 1]!;
    return (top[0] ?? EMPTY_ROOT).toString('hex');
  }

  /** The audit path of the leaf at `leafIndex` (0-based). */
  proof(leafIndex: number): InclusionProof {
    if (!Number.isInteger(leafIndex) || leafIndex < 0 || leafIndex >= this.size) {
      throw new RangeError(`leaf ${leafIndex} is outside a tree of ${this.size}`);
    }
    const auditPath: string[] = [];
    let index = leafIndex;
    for (const level of this.levels.slice(0, -1)) {
      const sibling = level[index ^ 1];
      // A node without a sibling was carried up unchanged: that level adds nothing to the path.
      if (sibling !== undefined) auditPath.push(sibling.toString('hex'));
      index >>= 1;
    }
    return { leafIndex, treeSize: this.size, auditPath };
  }
}

/**
 * The root that an audit path leads to from a record hash, by the algorithm of RFC 9162 section 2.1.3.2, or
 * undefined when the path cannot belong to a tree of that size (wrong length, index out of range). Compare the
 * result with a signed root to verify inclusion.
 */
export function rootFromInclusionProof(recordHash: string, proof: InclusionProof): string | undefined {
  const { leafIndex, treeSize, auditPath } = proof;
  if (!Number.isSafeInteger(leafIndex) || !Number.isSafeInteger(treeSize) || leafIndex < 0 || leafIndex >= treeSize) {
    return undefined;
  }
  // Plain numbers, not 32-bit bit operators: tree sizes may pass 2^31.
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash(leafDataOf(recordHash));
  for (const hex of auditPath) {
    if (sn === 0 || !/^[0-9a-f]{64}$/.test(hex)) return undefined;
    const p = Buffer.from(hex, 'hex');
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r.toString('hex') : undefined;
}

/** True when the audit path proves that `recordHash` is leaf `leafIndex` of the tree with root `rootHash` (hex). */
export function verifyInclusion(recordHash: string, proof: InclusionProof, rootHash: string): boolean {
  return rootFromInclusionProof(recordHash, proof) === rootHash;
}
