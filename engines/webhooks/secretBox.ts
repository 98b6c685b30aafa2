import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Webhook signing secrets at rest. Unlike our other secrets they cannot be stored as hashes (signing needs the
 * secret itself), so they are encrypted with AES-256-GCM under a key kept outside the database: config
 * `SVC_HR_WEBHOOK_SECRET_KEY` (base64 of 32 bytes), else `<dataDir>/keys/webhook-secrets.key`, generated on first
 * use. The API (which creates secrets) and the workers (which sign) must share the key.
 */
export interface WebhookSecretBox {
  seal(secret: string): string;
  open(sealed: string): string;
}

export const SECRET_KEY_FILE = path.join('keys', 'webhook-secrets.key');

const VERSION = 'v1';

function boxOf(key: Buffer): WebhookSecretBox {
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(
        ':',
      );
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed webhook secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

function parseKey(text: string, origin: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${origin} must be the base64 of 32 bytes (openssl rand -base64 32)`);
  return key;
}

function readOrCreateKeyFile(file: string): Buffer {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // Written aside, then linked into place: of several processes starting at once, one key wins and all read it.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.unlinkSync(temp);
    }
  }
  return parseKey(fs.readFileSync(file, 'utf8'), file);
}

const boxes = new Map<string, WebhookSecretBox>();

/** The box of the configured key (memoized per key source); reads no environment. */
export function loadWebhookSecretBox(opts: { key: string | undefined; dataDir: string }): WebhookSecretBox {
  const source = opts.key !== undefined ? `key:${opts.key}` : `file:${path.join(opts.dataDir, SECRET_KEY_FILE)}`;
  let box = boxes.get(source);
  if (!box) {
    box = boxOf(
      opts.key !== undefined
        ? parseKey(opts.key, 'SVC_HR_WEBHOOK_SECRET_KEY')
        : readOrCreateKeyFile(path.join(opts.dataDir, SECRET_KEY_FILE)),
    );
    boxes.set(source, box);
  }
  return box;
}
