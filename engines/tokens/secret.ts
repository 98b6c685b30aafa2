import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets of svc-hr: a visible prefix naming the kind (so secret scanners and people can tell what leaked),
 * 32 random bytes in base62, and a 6-character CRC-32 checksum (so a typo is rejected without a database
 * look-up and scanners can tell a real token from random text). Only the SHA-256 of the whole secret is stored.
 */
export const secretPrefixes = {
  personal_access_token: 'hrp_',
  integration_credential: 'hri_',
  delegated_credential: 'hrd_',
  company_api_key: 'hrk_',
  connector_pairing_token: 'hrc_',
  webhook_secret: 'whsec_',
  user_invitation: 'hru_',
} as const;

export type SecretKind = keyof typeof secretPrefixes;

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

const crcTable = Array.from({ length: 256 }, (_, i) => {
  let c = i;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE), the checksum GitHub-style tokens carry. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function checksumOf(body: string): string {
  return base62(Buffer.from(crc32(body).toString(16).padStart(8, '0'), 'hex')).padStart(6, '0');
}

/** SHA-256 hex of a secret: the only form in which a secret is stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export interface GeneratedSecret {
  /** Shown to its owner once, never stored. */
  secret: string;
  hash: string;
  /** A short, non-secret hint for lists ("hrp_3fK9…"), so an owner can tell tokens apart. */
  hint: string;
}

/** A new secret of a kind. */
export function generateSecret(kind: SecretKind): GeneratedSecret {
  const prefix = secretPrefixes[kind];
  const body = base62(randomBytes(32)).padStart(43, '0');
  const secret = `${prefix}${body}${checksumOf(prefix + body)}`;
  return { secret, hash: hashSecret(secret), hint: `${prefix}${body.slice(0, 4)}…` };
}

/**
 * The kind of a well-formed secret whose checksum holds, or undefined. A cheap filter before any database
 * look-up: malformed or mistyped tokens never reach the database.
 */
export function kindOfSecret(secret: string): SecretKind | undefined {
  for (const [kind, prefix] of Object.entries(secretPrefixes) as Array<[SecretKind, string]>) {
    if (!secret.startsWith(prefix)) continue;
    const rest = secret.slice(prefix.length);
    if (!/^[0-9A-Za-z]{49}$/.test(rest)) return undefined;
    const body = rest.slice(0, 43);
    return checksumOf(prefix + body) === rest.slice(43) ? kind : undefined;
  }
  return undefined;
}
