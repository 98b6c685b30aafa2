import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets an outbound MCP server needs (static headers, a bearer secret) cannot be hashed: svc-hr must send them.
 * They are sealed with AES-256-GCM under a key kept outside the database (config `SVC_HR_SECRETS_KEY`, base64 of 32
 * bytes, else `<dataDir>/keys/secrets-aes256.key`, generated on first use), and bound to their row by the
 * additional data, so a sealed value copied onto another server's row does not open. The API (which seals) and
 * the workers (which open) must share the key.
 */
export interface SecretBox {
  seal(plain: string, boundTo: string): string;
  open(sealed: string, boundTo: string): string;
}

export const SECRETS_KEY_FILE = path.join('keys', 'secrets-aes256.key');
const VERSION = 'v1';

function boxOf(key: Buffer): SecretBox {
  return {
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
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
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
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(temp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
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

const boxes = new Map<string, SecretBox>();

/** The box of the configured key (memoized per key source); reads no environment. */
export function loadSecretBox(opts: { key: string | undefined; dataDir: string }): SecretBox {
  const file = path.join(opts.dataDir, SECRETS_KEY_FILE);
  const source = opts.key !== undefined ? `key:${opts.key}` : `file:${file}`;
  let box = boxes.get(source);
  if (!box) {
    box = boxOf(opts.key !== undefined ? parseKey(opts.key, 'SVC_HR_SECRETS_KEY') : readOrCreateKeyFile(file));
    boxes.set(source, box);
  }
  return box;
}
