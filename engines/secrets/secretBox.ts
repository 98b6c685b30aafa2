import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createKeyFileOnce } from './keyFile';

/**
 * The secrets svc-hr must use, not only check, cannot be hashed: an outbound MCP server's static headers and bearer
 * secret, a webhook's signing secret. They are sealed with AES-256-GCM under one key kept outside the database
 * (config `SVC_HR_SECRETS_KEY`, base64 of 32 bytes, else `<dataDir>/keys/secrets-aes256.key`, generated on first
 * use), and bound to their row by the additional data (`boundTo`), so a sealed value copied onto another row does
 * not open. The API (which seals) and the workers (which open) must share the key.
 */
export interface SecretBox {
  seal(plain: string, boundTo: string): string;
  /** The plain text; throws when the value was not sealed for `boundTo` under a key this box holds. */
  open(sealed: string, boundTo: string): string;
  /**
   * The value sealed again under the current key when it opens only as an earlier version sealed it (a webhook
   * secret under the retired webhook key, or unbound); null when it is already current.
   */
  reseal(sealed: string, boundTo: string): string | null;
}

export const SECRETS_KEY_FILE = path.join('keys', 'secrets-aes256.key');
/** Where versions before the one key kept the webhook key when `SVC_HR_WEBHOOK_SECRET_KEY` was unset; read, never made. */
export const RETIRED_WEBHOOK_KEY_FILE = path.join('keys', 'webhook-secrets.key');
/** The binding of every webhook signing secret: only these may have been sealed by the retired webhook box. */
export const webhookSecretBindingPrefix = 'agent_webhook:';
const VERSION = 'v1';

function openWith(key: Buffer, sealed: string, boundTo: string | null): string {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  if (boundTo !== null) decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

/**
 * `retired`: keys of the webhook box of earlier versions, which sealed signing secrets unbound. A webhook secret
 * opens under the current key bound (as sealed now), then unbound under the current key and each retired one.
 */
function boxOf(key: Buffer, retired: readonly Buffer[]): SecretBox {
  const earlier = (sealed: string, boundTo: string): string | undefined => {
    if (!boundTo.startsWith(webhookSecretBindingPrefix)) return undefined;
    for (const candidate of [key, ...retired]) {
      try {
        return openWith(candidate, sealed, null);
      } catch {
        // Not this key: the next one, or the current key's error below.
      }
    }
    return undefined;
  };
  const box: SecretBox = {
    seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
        .join(':');
    },
    open(sealed, boundTo) {
      try {
        return openWith(key, sealed, boundTo);
      } catch (error) {
        const plain = earlier(sealed, boundTo);
        if (plain === undefined) throw error;
        return plain;
      }
    },
    reseal(sealed, boundTo) {
      try {
        openWith(key, sealed, boundTo);
        return null;
      } catch (error) {
        const plain = earlier(sealed, boundTo);
        if (plain === undefined) throw error;
        return box.seal(plain, boundTo);
      }
    },
  };
  return box;
}

function parseKey(text: string, origin: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${origin} must be the base64 of 32 bytes (openssl rand -base64 32)`);
  return key;
}

function readOrCreateKeyFile(file: string): Buffer {
  createKeyFileOnce(file, () => `${randomBytes(32).toString('base64')}\n`);
  return parseKey(fs.readFileSync(file, 'utf8'), file);
}

const boxes = new Map<string, SecretBox>();

/**
 * The box of the configured key (memoized per key source); reads no environment. `retiredWebhookKey` is
 * `SVC_HR_WEBHOOK_SECRET_KEY` of earlier versions; the retired webhook key file is read when it exists.
 */
export function loadSecretBox(opts: {
  key: string | undefined;
  dataDir: string;
  retiredWebhookKey?: string | undefined;
}): SecretBox {
  const file = path.join(opts.dataDir, SECRETS_KEY_FILE);
  const retiredFile = path.join(opts.dataDir, RETIRED_WEBHOOK_KEY_FILE);
  const source = JSON.stringify([opts.key ?? `file:${file}`, opts.retiredWebhookKey ?? null, retiredFile]);
  let box = boxes.get(source);
  if (!box) {
    const retired = [
      ...(opts.retiredWebhookKey !== undefined ? [parseKey(opts.retiredWebhookKey, 'SVC_HR_WEBHOOK_SECRET_KEY')] : []),
      ...(fs.existsSync(retiredFile) ? [parseKey(fs.readFileSync(retiredFile, 'utf8'), retiredFile)] : []),
    ];
    box = boxOf(opts.key !== undefined ? parseKey(opts.key, 'SVC_HR_SECRETS_KEY') : readOrCreateKeyFile(file), retired);
    boxes.set(source, box);
  }
  return box;
}

/** The box of a configuration: the one key, and the retired webhook key when one is left to read. */
export function secretBoxOf(config: {
  dataDir: string;
  secrets: { key: string | undefined; retiredWebhookKey: string | undefined };
}): SecretBox {
  return loadSecretBox({
    key: config.secrets.key,
    dataDir: config.dataDir,
    retiredWebhookKey: config.secrets.retiredWebhookKey,
  });
}
