import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  loadSecretBox,
  RETIRED_WEBHOOK_KEY_FILE,
  SECRETS_KEY_FILE,
  secretBoxOf,
} from '../../../engines/secrets/secretBox';
import { loadConfig } from '../../../config/env';
import {
  retiredWebhookKey,
  retiredWebhookSecret,
  sealedByRetiredWebhookBox,
} from '../../fixtures/retiredWebhookSecret';

const newKey = () => randomBytes(32).toString('base64');
const webhookBinding = 'agent_webhook:tenant-a:webhook-1';

describe('the one secret box', () => {
  it('seals a secret so that only the same key and binding open it, never showing it in the sealed form', () => {
    const box = loadSecretBox({ key: newKey(), dataDir: '/nonexistent' });
    const sealed = box.seal('whsec_abc', 'row-1');
    expect(sealed).not.toContain('abc');
    expect(box.seal('whsec_abc', 'row-1')).not.toBe(sealed);
    expect(box.open(sealed, 'row-1')).toBe('whsec_abc');
    expect(() => box.open(sealed, 'row-2')).toThrow();
    expect(() => loadSecretBox({ key: newKey(), dataDir: '/nonexistent' }).open(sealed, 'row-1')).toThrow();
    const [v, iv, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64')].join(':'), 'row-1')).toThrow();
  });

  it('makes its key file under the data dir on first use, readable only by its owner, and reuses it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-box-'));
    const sealed = loadSecretBox({ key: undefined, dataDir }).seal('whsec_x', webhookBinding);
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(file, 'utf8').trim();
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(loadSecretBox({ key, dataDir: '/x' }).open(sealed, webhookBinding)).toBe('whsec_x');
    // The retired webhook key file is read when it exists, never made.
    expect(fs.existsSync(path.join(dataDir, RETIRED_WEBHOOK_KEY_FILE))).toBe(false);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('refuses a configured key that is not 32 bytes', () => {
    expect(() => loadSecretBox({ key: 'c2hvcnQ=', dataDir: '/x' })).toThrow(/SVC_HR_SECRETS_KEY .*32 bytes/);
    expect(() => loadSecretBox({ key: newKey(), dataDir: '/x', retiredWebhookKey: 'c2hvcnQ=' })).toThrow(
      /SVC_HR_WEBHOOK_SECRET_KEY .*32 bytes/,
    );
  });
});

describe('webhook secrets sealed before the one key', () => {
  it('open under SVC_HR_WEBHOOK_SECRET_KEY, kept as the retired key, and reseal under the one key', () => {
    const key = newKey();
    const box = secretBoxOf(
      loadConfig({ SVC_HR_SECRETS_KEY: key, SVC_HR_WEBHOOK_SECRET_KEY: retiredWebhookKey, SVC_HR_DATA_DIR: '/x' }),
    );
    expect(box.open(sealedByRetiredWebhookBox, webhookBinding)).toBe(retiredWebhookSecret);
    const resealed = box.reseal(sealedByRetiredWebhookBox, webhookBinding);
    expect(resealed).not.toBeNull();
    expect(box.open(resealed!, webhookBinding)).toBe(retiredWebhookSecret);
    expect(box.reseal(resealed!, webhookBinding)).toBeNull();
    // Resealed, it opens without the retired key, and on its own row only.
    const withoutRetired = loadSecretBox({ key, dataDir: '/x' });
    expect(withoutRetired.open(resealed!, webhookBinding)).toBe(retiredWebhookSecret);
    expect(() => withoutRetired.open(resealed!, 'agent_webhook:tenant-a:webhook-2')).toThrow();
  });

  it('open from the retired key file of the data dir when no key was configured', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-box-'));
    fs.mkdirSync(path.join(dataDir, 'keys'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, RETIRED_WEBHOOK_KEY_FILE), `${retiredWebhookKey}\n`, { mode: 0o600 });
    const box = loadSecretBox({ key: undefined, dataDir });
    expect(box.open(sealedByRetiredWebhookBox, webhookBinding)).toBe(retiredWebhookSecret);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('open when the one key is the old webhook key itself (a deployment that renamed the variable)', () => {
    const box = loadSecretBox({ key: retiredWebhookKey, dataDir: '/x' });
    expect(box.open(sealedByRetiredWebhookBox, webhookBinding)).toBe(retiredWebhookSecret);
    expect(box.reseal(sealedByRetiredWebhookBox, webhookBinding)).not.toBeNull();
  });

  it('do not open without the retired key, nor for anything but a webhook secret', () => {
    const current = newKey();
    expect(() =>
      loadSecretBox({ key: current, dataDir: '/x' }).open(sealedByRetiredWebhookBox, webhookBinding),
    ).toThrow();
    const box = loadSecretBox({ key: current, dataDir: '/x', retiredWebhookKey });
    expect(() => box.open(sealedByRetiredWebhookBox, 'mcp_server:tenant-a:server-1')).toThrow();
  });
});
