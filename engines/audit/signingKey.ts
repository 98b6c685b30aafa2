import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createKeyFileOnce } from '../secrets/keyFile';

/** An Ed25519 public key, named as checkpoints name the key that signed them. */
export interface AuditPublicKey {
  keyId: string;
  publicKey: KeyObject;
  /** SPKI PEM. */
  publicKeyPem: string;
}

/** The key that signs audit checkpoints, and the public halves of the keys it replaced. */
export interface AuditSigningKey {
  /** SHA-256 (hex) of the public key's SPKI DER encoding: names the key in checkpoints, so keys can rotate. */
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** SPKI PEM of the public key: what auditors verify exports with. */
  publicKeyPem: string;
  /**
   * Keys that signed earlier checkpoints (config `SVC_HR_AUDIT_RETIRED_PUBLIC_KEYS`): verification still trusts
   * them, so rotating the signing key does not make the checkpoints made before it fail.
   */
  retiredPublicKeys: AuditPublicKey[];
}

/** Where the generated key lives under the data folder; docs/audit.md names these paths. */
export const SIGNING_KEY_FILE = path.join('keys', 'audit-ed25519.pem');
export const PUBLIC_KEY_FILE = path.join('keys', 'audit-ed25519.pub.pem');

/** The key id of an Ed25519 public key: SHA-256 hex of its SPKI DER encoding. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

/** An Ed25519 public key from SPKI PEM, with its key id; throws a clear error for any other key. */
export function loadAuditPublicKey(pem: string): { keyId: string; publicKey: KeyObject } {
  const publicKey = createPublicKey(pem);
  if (publicKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`The audit public key must be Ed25519, not ${publicKey.asymmetricKeyType ?? 'unknown'}`);
  }
  return { keyId: keyIdOf(publicKey), publicKey };
}

const pemBlock = /-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g;

/**
 * The retired public keys of `pems` (SPKI PEM blocks one after another; one line with `\n` escapes also works),
 * without `current` should it be among them. Throws a clear error, naming the variable, for text that holds no key
 * or a key that is not Ed25519.
 */
export function parseRetiredPublicKeys(pems: string | undefined, current: KeyObject): AuditPublicKey[] {
  if (pems === undefined || pems.trim() === '') return [];
  const text = pems.includes('\n') ? pems : pems.replace(/\\n/g, '\n');
  const blocks = text.match(pemBlock) ?? [];
  if (blocks.length === 0) {
    throw new Error('SVC_HR_AUDIT_RETIRED_PUBLIC_KEYS holds no PEM public key (-----BEGIN PUBLIC KEY-----)');
  }
  const currentId = keyIdOf(current);
  const keys = new Map<string, AuditPublicKey>();
  for (const [n, block] of blocks.entries()) {
    let loaded: { keyId: string; publicKey: KeyObject };
    try {
      loaded = loadAuditPublicKey(block);
    } catch (error) {
      throw new Error(`SVC_HR_AUDIT_RETIRED_PUBLIC_KEYS, key ${n + 1}: ${(error as Error).message}`, { cause: error });
    }
    if (loaded.keyId === currentId) continue;
    keys.set(loaded.keyId, {
      ...loaded,
      publicKeyPem: loaded.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
  }
  return [...keys.values()];
}

function fromPrivateKey(privateKey: KeyObject, origin: string, retiredPems: string | undefined): AuditSigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${origin} must be an Ed25519 private key, not ${privateKey.asymmetricKeyType ?? 'unknown'}`);
  }
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const retiredPublicKeys = parseRetiredPublicKeys(retiredPems, publicKey);
  return { keyId: keyIdOf(publicKey), privateKey, publicKey, publicKeyPem, retiredPublicKeys };
}

function parsePrivateKeyPem(pem: string, origin: string): KeyObject {
  // Environment variables often carry a PEM on one line with literal "\n" separators.
  const text = pem.includes('\n') ? pem : pem.replace(/\\n/g, '\n');
  try {
    return createPrivateKey(text);
  } catch (error) {
    throw new Error(`${origin} is not a PEM (PKCS#8) private key: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The audit signing key: from `pem` when given (config `SVC_HR_AUDIT_SIGNING_KEY`, PKCS#8 PEM), else from
 * `<dataDir>/keys/audit-ed25519.pem`, generating it (mode 0600) on first use. A generated key's public half is
 * written beside it as `audit-ed25519.pub.pem` for auditors. Several processes starting at once agree on one key.
 * `retiredPublicKeysPem` (config `SVC_HR_AUDIT_RETIRED_PUBLIC_KEYS`) names the keys it replaced.
 * Reads no environment: the CLI passes the configured values.
 */
export function loadAuditSigningKey(opts: {
  pem?: string | undefined;
  retiredPublicKeysPem?: string | undefined;
  dataDir: string;
}): AuditSigningKey {
  if (opts.pem !== undefined && opts.pem.trim() !== '') {
    const privateKey = parsePrivateKeyPem(opts.pem, 'SVC_HR_AUDIT_SIGNING_KEY');
    return fromPrivateKey(privateKey, 'SVC_HR_AUDIT_SIGNING_KEY', opts.retiredPublicKeysPem);
  }
  const file = path.join(opts.dataDir, SIGNING_KEY_FILE);
  createKeyFileOnce(file, () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  const key = fromPrivateKey(parsePrivateKeyPem(fs.readFileSync(file, 'utf8'), file), file, opts.retiredPublicKeysPem);
  writePublicKeyFile(path.join(opts.dataDir, PUBLIC_KEY_FILE), key.publicKeyPem);
  return key;
}

function writePublicKeyFile(file: string, publicKeyPem: string): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  if (current !== publicKeyPem) fs.writeFileSync(file, publicKeyPem, { mode: 0o644 });
}
