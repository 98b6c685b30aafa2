import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadWebhookSecretBox, SECRET_KEY_FILE } from '../../../engines/webhooks/secretBox';

describe('loadWebhookSecretBox', () => {
  it('seals a secret so that only the same key opens it, and never shows it in the sealed form', () => {
    const key = randomBytes(32).toString('base64');
    const box = loadWebhookSecretBox({ key, dataDir: '/nonexistent' });
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('abc');
    expect(box.seal('whsec_abc')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('whsec_abc');
    const other = loadWebhookSecretBox({ key: randomBytes(32).toString('base64'), dataDir: '/nonexistent' });
    expect(() => other.open(sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
  });

  it('makes a key file under the data dir on first use, readable only by its owner, and reuses it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-box-'));
    const sealed = loadWebhookSecretBox({ key: undefined, dataDir }).seal('whsec_x');
    const file = path.join(dataDir, SECRET_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    expect(loadWebhookSecretBox({ key: fs.readFileSync(file, 'utf8').trim(), dataDir: '/x' }).open(sealed)).toBe(
      'whsec_x',
    );
    fs.rmSync(dataDir, { recursive: true });
  });

  it('refuses a configured key that is not 32 bytes', () => {
    expect(() => loadWebhookSecretBox({ key: 'c2hvcnQ=', dataDir: '/x' })).toThrow(/32 bytes/);
  });
});
