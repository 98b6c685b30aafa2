import type { JsonValue } from './canonicalJson';

/** What replaces the value of a key that names a secret. */
export const REDACTED = '[REDACTED]';

/**
 * Keys whose values are secrets, compared after lower-casing and removing `_`, `-` and `.`, and matched at the
 * end of the key so that `accessToken`, `webhook_secret` and `X-Api-Key` are caught while `tokenName` and
 * `maxTokens` are kept.
 */
const secretKeySuffixes = [
  'secret',
  'token',
  'password',
  'passwd',
  'passphrase',
  'apikey',
  'authorization',
  'cookie',
  'privatekey',
  'signature',
  'credentials',
  'secrets',
  'passwords',
];

/**
 * Our own secrets (engines/tokens/secret.ts) wherever they occur in a string, even mistyped or cut short: a token
 * with a bad checksum still gives an attacker most of a secret. The prefix stays, so a reader sees what kind of
 * secret was sent.
 */
const secretPattern = /(hrp_|hri_|hrd_|hrk_|hrc_|hru_|whsec_)[0-9A-Za-z+/=]{8,}/g;

/** Strings longer than this are cut: the audit trail records what was asked, not uploaded documents. */
export const MAX_STRING_LENGTH = 4096;
const MAX_DEPTH = 32;

// Characters PostgreSQL's jsonb refuses (NUL) or that UTF-8 cannot carry (lone surrogates). Left in, the stored
// value would differ from the hashed one and the record would fail verification forever.
// eslint-disable-next-line no-control-regex -- NUL is exactly what jsonb refuses
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** True when the value of `key` is a secret by its name alone. */
export function isSecretKey(key: string): boolean {
  const normalized = key.toLowerCase().replace(/[-_.\s]/g, '');
  return secretKeySuffixes.some((suffix) => normalized.endsWith(suffix));
}

/** `text` with every string that looks like one of our secrets replaced by its prefix and `[REDACTED]`. */
export function redactSecretsInString(text: string): string {
  return text.replace(secretPattern, (_match, prefix: string) => `${prefix}${REDACTED}`);
}

function storableString(text: string): string {
  const clean = text.replace(unstorable, '\uFFFD');
  if (clean.length <= MAX_STRING_LENGTH) return clean;
  return `${clean.slice(0, MAX_STRING_LENGTH)}…[${clean.length - MAX_STRING_LENGTH} more characters]`;
}

/**
 * The arguments of an operation as the audit trail keeps them: a plain JSON value with secrets removed. Values of
 * keys that name a secret become `[REDACTED]`; strings that look like our secrets lose everything after their
 * prefix; values JSON has no form for are normalized the way `JSON.stringify` would (dates to ISO strings,
 * undefined members dropped, NaN to null) so that what is hashed is exactly what PostgreSQL stores. Never trusts
 * its input: `appendAuditRecord` calls it on whatever the caller passes.
 */
export function redactArguments(value: unknown): JsonValue {
  return normalize(value, 0, new Set());
}

function normalize(value: unknown, depth: number, ancestors: Set<object>): JsonValue {
  if (typeof value === 'object' && value !== null) return normalizeObject(value, depth, ancestors);
  switch (typeof value) {
    case 'string':
      return storableString(redactSecretsInString(value));
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    default:
      // null, undefined, functions and symbols: what JSON.stringify writes for them inside an array.
      return null;
  }
}

function normalizeObject(value: object, depth: number, ancestors: Set<object>): JsonValue {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (ancestors.has(value)) return '[circular]';
  ancestors.add(value);
  try {
    if (Array.isArray(value)) return value.map((item: unknown) => normalize(item, depth + 1, ancestors));
    const toJson = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJson === 'function') return normalize(toJson.call(value), depth + 1, ancestors);
    const out: { [key: string]: JsonValue } = {};
    for (const [key, member] of Object.entries(value)) {
      // Like JSON.stringify: members without a JSON form are left out of objects.
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
      const safeKey = storableString(redactSecretsInString(key));
      // defineProperty, not assignment: a key named "__proto__" must stay a plain member, as JSON.parse makes it.
      Object.defineProperty(out, safeKey, {
        value: isSecretKey(key) ? REDACTED : normalize(member, depth + 1, ancestors),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  } finally {
    ancestors.delete(value);
  }
}
