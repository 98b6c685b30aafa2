import { createHash } from 'node:crypto';
import { MerkleTree, rootFromInclusionProof, verifyInclusion } from '../../../../engines/audit/inclusionProof';
import { EMPTY_ROOT, MerkleFrontier, merkleRootHex } from '../../../../engines/audit/merkle';

// The reference: RFC 6962 section 2.1 written as literally as possible, recursion and all.
const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const largestPowerOfTwoBelow = (n: number) => 2 ** Math.floor(Math.log2(n - 1));

function referenceRoot(leaves: Buffer[]): Buffer {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return sha256(Buffer.from([0]), leaves[0]!);
  const k = largestPowerOfTwoBelow(leaves.length);
  return sha256(Buffer.from([1]), referenceRoot(leaves.slice(0, k)), referenceRoot(leaves.slice(k)));
}

function referencePath(m: number, leaves: Buffer[]): Buffer[] {
  if (leaves.length <= 1) return [];
  const k = largestPowerOfTwoBelow(leaves.length);
  return m < k
    ? [...referencePath(m, leaves.slice(0, k)), referenceRoot(leaves.slice(k))]
    : [...referencePath(m - k, leaves.slice(k)), referenceRoot(leaves.slice(0, k))];
}

const recordHashes = Array.from({ length: 33 }, (_, i) =>
  createHash('sha256')
    .update(`record ${i + 1}`)
    .digest('hex'),
);
const sizes = Array.from({ length: 33 }, (_, i) => i + 1);

describe('the RFC 6962 Merkle tree', () => {
  // Certificate Transparency's published vectors (RFC 6962 test data, also in Trillian and certificate-transparency-go).
  const ctLeaves = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
  const ctRoots = [
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
    'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
    'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
    '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
    'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
    '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
  ];

  it.each(ctRoots.map((root, size) => [size, root] as const))(
    'gives the published Certificate Transparency root for %i leaves',
    (size, root) => {
      const frontier = new MerkleFrontier();
      for (const hex of ctLeaves.slice(0, size)) frontier.append(Buffer.from(hex, 'hex'));
      expect(frontier.root().toString('hex')).toBe(root);
    },
  );

  it('gives SHA-256 of nothing as the root of the empty tree', () => {
    expect(EMPTY_ROOT.toString('hex')).toBe(ctRoots[0]);
    expect(merkleRootHex([])).toBe(ctRoots[0]);
    expect(new MerkleTree([]).rootHex()).toBe(ctRoots[0]);
  });

  it.each(sizes)('computes the reference root for %i leaves, incrementally and as a whole tree', (size) => {
    const hashes = recordHashes.slice(0, size);
    const expected = referenceRoot(hashes.map((h) => Buffer.from(h, 'hex'))).toString('hex');
    expect(merkleRootHex(hashes)).toBe(expected);
    expect(new MerkleTree(hashes).rootHex()).toBe(expected);
  });

  it.each(sizes)('gives every leaf of a %i-leaf tree the reference audit path, which verifies', (size) => {
    const hashes = recordHashes.slice(0, size);
    const leaves = hashes.map((h) => Buffer.from(h, 'hex'));
    const tree = new MerkleTree(hashes);
    const root = tree.rootHex();
    for (let m = 0; m < size; m++) {
      const proof = tree.proof(m);
      expect(proof.auditPath).toEqual(referencePath(m, leaves).map((b) => b.toString('hex')));
      expect(proof).toMatchObject({ leafIndex: m, treeSize: size });
      expect(verifyInclusion(hashes[m]!, proof, root)).toBe(true);
    }
  });

  // The tree size is not hashed: it is bound by the signed checkpoint the proof is checked against.
  it.each(sizes)('rejects altered proofs in a %i-leaf tree', (size) => {
    const hashes = recordHashes.slice(0, size);
    const tree = new MerkleTree(hashes);
    const root = tree.rootHex();
    for (let m = 0; m < size; m++) {
      const proof = tree.proof(m);
      const other = hashes[(m + 1) % size]!;
      if (size > 1) expect(verifyInclusion(other, proof, root)).toBe(false);
      expect(verifyInclusion(hashes[m]!, { ...proof, leafIndex: m + 1 }, root)).toBe(false);
      expect(verifyInclusion(hashes[m]!, { ...proof, auditPath: [...proof.auditPath, hashes[0]!] }, root)).toBe(false);
      if (proof.auditPath.length > 0) {
        expect(verifyInclusion(hashes[m]!, { ...proof, auditPath: proof.auditPath.slice(1) }, root)).toBe(false);
        const flipped = proof.auditPath.map((h, i) => (i === 0 ? `${h[0] === '0' ? '1' : '0'}${h.slice(1)}` : h));
        expect(verifyInclusion(hashes[m]!, { ...proof, auditPath: flipped }, root)).toBe(false);
      }
    }
  });

  it('verifies the published Certificate Transparency inclusion proofs', () => {
    // RFC 6962 test data: leaf 0 and leaf 5 of the 8-leaf tree above, checked with the leaf data's hash path.
    const leafData = ctLeaves.map((hex) => Buffer.from(hex, 'hex'));
    const cases = [
      {
        index: 0,
        path: [
          '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
          '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
          '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
        ],
      },
      {
        index: 5,
        path: [
          'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
          'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
          'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
        ],
      },
    ];
    for (const { index, path } of cases) {
      expect(referencePath(index, leafData).map((b) => b.toString('hex'))).toEqual(path);
    }
  });

  it('refuses paths that cannot belong to the tree size', () => {
    const hashes = recordHashes.slice(0, 5);
    const proof = new MerkleTree(hashes).proof(4);
    expect(rootFromInclusionProof(hashes[4]!, { ...proof, leafIndex: 5 })).toBeUndefined();
    expect(rootFromInclusionProof(hashes[4]!, { ...proof, leafIndex: -1 })).toBeUndefined();
    expect(rootFromInclusionProof(hashes[4]!, { ...proof, auditPath: ['XYZ'] })).toBeUndefined();
    expect(() => new MerkleTree(hashes).proof(5)).toThrow(RangeError);
  });
});
