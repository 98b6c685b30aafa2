import { generateKeyPairSync } from 'node:crypto';
import {
  checkpointStatement,
  signCheckpoint,
  verifyCheckpointSignature,
  type CheckpointClaim,
} from '../../../../engines/audit/checkpointStatement';

const claim: CheckpointClaim = {
  tenantId: '0196f000-0000-7000-8000-000000000001',
  treeSize: 1000,
  rootHash: 'a'.repeat(64),
  lastHash: 'b'.repeat(64),
  createdAt: '2026-11-23T10:00:00.000Z',
};

describe('signed checkpoints', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');

  it('signs six lines: version, tenant, size, root, last hash and time', () => {
    expect(checkpointStatement(claim)).toBe(
      `svc-hr-audit-checkpoint/v1\n${claim.tenantId}\n1000\n${'a'.repeat(64)}\n${'b'.repeat(64)}\n2026-11-23T10:00:00.000Z`,
    );
  });

  it('verifies a signature it made', () => {
    const signature = signCheckpoint(claim, privateKey);
    expect(Buffer.from(signature, 'base64')).toHaveLength(64);
    expect(verifyCheckpointSignature(claim, signature, publicKey)).toBe(true);
  });

  it.each<[string, Partial<CheckpointClaim>]>([
    ['the tenant', { tenantId: '0196f000-0000-7000-8000-000000000002' }],
    ['the tree size', { treeSize: 1001 }],
    ['the root', { rootHash: 'c'.repeat(64) }],
    ['the last hash', { lastHash: 'c'.repeat(64) }],
    ['the time', { createdAt: '2026-11-23T10:00:00.001Z' }],
  ])('rejects the signature when %s changed', (_what, change) => {
    const signature = signCheckpoint(claim, privateKey);
    expect(verifyCheckpointSignature({ ...claim, ...change }, signature, publicKey)).toBe(false);
  });

  it('rejects a signature made with another key', () => {
    const other = generateKeyPairSync('ed25519');
    expect(verifyCheckpointSignature(claim, signCheckpoint(claim, other.privateKey), publicKey)).toBe(false);
  });

  it('rejects a signature whose base64 text was altered even where lenient decoding would not notice', () => {
    const signature = signCheckpoint(claim, privateKey);
    // The last character before "==" carries 4 unused bits; a decoder ignores them, the check must not.
    const last = signature.length - 3;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const index = alphabet.indexOf(signature[last]!);
    const twin = alphabet[index ^ 1]!;
    const altered = `${signature.slice(0, last)}${twin}${signature.slice(last + 1)}`;
    expect(Buffer.from(altered, 'base64').equals(Buffer.from(signature, 'base64'))).toBe(true);
    expect(verifyCheckpointSignature(claim, altered, publicKey)).toBe(false);
    expect(verifyCheckpointSignature(claim, `${signature} `, publicKey)).toBe(false);
    expect(verifyCheckpointSignature(claim, '', publicKey)).toBe(false);
  });
});
