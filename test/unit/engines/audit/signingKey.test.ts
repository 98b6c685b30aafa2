import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signCheckpoint, verifyCheckpointSignature } from '../../../../engines/audit/checkpointStatement';
import {
  keyIdOf,
  loadAuditPublicKey,
  loadAuditSigningKey,
  PUBLIC_KEY_FILE,
  SIGNING_KEY_FILE,
} from '../../../../engines/audit/signingKey';

const claim = {
  tenantId: 't',
  treeSize: 1,
  rootHash: 'a'.repeat(64),
  lastHash: 'b'.repeat(64),
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('the audit signing key', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-audit-key-'));
  });

  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates a key under the data folder on first use, readable by its owner only, and reuses it', () => {
    const first = loadAuditSigningKey({ dataDir });
    const file = path.join(dataDir, SIGNING_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(dataDir, PUBLIC_KEY_FILE), 'utf8')).toBe(first.publicKeyPem);
    const second = loadAuditSigningKey({ dataDir });
    expect(second.keyId).toBe(first.keyId);
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(['audit-ed25519.pem', 'audit-ed25519.pub.pem']);
  });

  it('names the key by the SHA-256 of its public key in SPKI DER', () => {
    const key = loadAuditSigningKey({ dataDir });
    expect(key.keyId).toMatch(/^[0-9a-f]{64}$/);
    expect(key.keyId).toBe(keyIdOf(key.publicKey));
    expect(loadAuditPublicKey(key.publicKeyPem).keyId).toBe(key.keyId);
  });

  it('signs with the private half what the published public half verifies', () => {
    const key = loadAuditSigningKey({ dataDir });
    const { publicKey } = loadAuditPublicKey(fs.readFileSync(path.join(dataDir, PUBLIC_KEY_FILE), 'utf8'));
    expect(verifyCheckpointSignature(claim, signCheckpoint(claim, key.privateKey), publicKey)).toBe(true);
  });

  it('uses a configured PEM instead of the file, and writes nothing', () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const key = loadAuditSigningKey({ pem, dataDir });
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(loadAuditSigningKey({ pem: pem.replace(/\n/g, '\\n'), dataDir }).keyId).toBe(key.keyId);
  });

  it('refuses a configured key that is not Ed25519', () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => loadAuditSigningKey({ pem, dataDir })).toThrow(/must be an Ed25519 private key, not ec/);
  });

  it('refuses a configured value that is not a PEM key', () => {
    expect(() => loadAuditSigningKey({ pem: 'not a key', dataDir })).toThrow(/SVC_HR_AUDIT_SIGNING_KEY is not a PEM/);
  });
});

describe('retired audit public keys (key rotation)', () => {
  // Configured keys read no file.
  const dataDir = '/nonexistent';
  const publicPem = (type: 'ed25519' | 'ec' = 'ed25519') =>
    (type === 'ec' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('ed25519')).publicKey
      .export({ type: 'spki', format: 'pem' })
      .toString();
  const current = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  it('reads several PEMs one after another, or on one line with \\n escapes, with their key ids', () => {
    const [a, b] = [publicPem(), publicPem()];
    const key = loadAuditSigningKey({ pem: current(), retiredPublicKeysPem: `${a}${b}`, dataDir });
    expect(key.retiredPublicKeys.map((k) => k.keyId)).toEqual([
      loadAuditPublicKey(a).keyId,
      loadAuditPublicKey(b).keyId,
    ]);
    expect(key.retiredPublicKeys[0]!.publicKeyPem).toBe(a);
    const oneLine = `${a}${b}`.replace(/\n/g, '\\n');
    expect(
      loadAuditSigningKey({ pem: current(), retiredPublicKeysPem: oneLine, dataDir }).retiredPublicKeys,
    ).toHaveLength(2);
  });

  it('has none unless configured, and leaves out the current key and repeats', () => {
    const pem = current();
    expect(loadAuditSigningKey({ pem, dataDir }).retiredPublicKeys).toEqual([]);
    const own = loadAuditSigningKey({ pem, dataDir }).publicKeyPem;
    const other = publicPem();
    const key = loadAuditSigningKey({ pem, retiredPublicKeysPem: `${own}${other}${other}`, dataDir });
    expect(key.retiredPublicKeys.map((k) => k.publicKeyPem)).toEqual([other]);
  });

  it('refuses text with no key, and a key that is not Ed25519, naming the variable', () => {
    expect(() => loadAuditSigningKey({ pem: current(), retiredPublicKeysPem: 'old-key', dataDir })).toThrow(
      /SVC_HR_AUDIT_RETIRED_PUBLIC_KEYS holds no PEM public key/,
    );
    expect(() =>
      loadAuditSigningKey({ pem: current(), retiredPublicKeysPem: `${publicPem()}${publicPem('ec')}`, dataDir }),
    ).toThrow(/SVC_HR_AUDIT_RETIRED_PUBLIC_KEYS, key 2: The audit public key must be Ed25519, not ec/);
  });
});
