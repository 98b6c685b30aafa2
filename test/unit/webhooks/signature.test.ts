import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret, signWebhook } from '../../../engines/webhooks/signature';

/** Our signing checked against the reference implementation, the `standardwebhooks` package. */
describe('signWebhook', () => {
  const body = JSON.stringify({ type: 'run.completed', timestamp: '2026-11-23T09:00:00.000Z', data: { runId: 'r' } });
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('makes secrets the package accepts: whsec_ and the base64 of 32 bytes', () => {
    const { secret, hint } = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(hint).toBe(`${secret.slice(0, 10)}…`);
    expect(() => new Webhook(secret)).not.toThrow();
    expect(generateWebhookSecret().secret).not.toBe(secret);
  });

  it('signs exactly as the package does', () => {
    const { secret } = generateWebhookSecret();
    const ts = nowSeconds();
    const ours = signWebhook([secret], { id: 'msg_1', timestampSeconds: ts, body });
    expect(ours).toBe(new Webhook(secret).sign('msg_1', new Date(ts * 1000), body));
  });

  it('carries one signature per secret, each verifiable on its own', () => {
    const a = generateWebhookSecret().secret;
    const b = generateWebhookSecret().secret;
    const ts = String(nowSeconds());
    const header = signWebhook([a, b], { id: 'msg_2', timestampSeconds: Number(ts), body });
    expect(header.split(' ')).toHaveLength(2);
    const headers = { 'webhook-id': 'msg_2', 'webhook-timestamp': ts, 'webhook-signature': header };
    expect(new Webhook(a).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(b).verify(body, headers)).toEqual(JSON.parse(body));
    const c = generateWebhookSecret().secret;
    expect(() => new Webhook(c).verify(body, headers)).toThrow(/No matching signature/);
  });

  it('is refused by the package for another id, body or timestamp', () => {
    const { secret } = generateWebhookSecret();
    const ts = nowSeconds();
    const header = signWebhook([secret], { id: 'msg_3', timestampSeconds: ts, body });
    const verify = (id: string, t: number, b: string) =>
      new Webhook(secret).verify(b, { 'webhook-id': id, 'webhook-timestamp': String(t), 'webhook-signature': header });
    expect(() => verify('msg_3', ts, body)).not.toThrow();
    expect(() => verify('msg_4', ts, body)).toThrow(/No matching signature/);
    expect(() => verify('msg_3', ts - 1, body)).toThrow(/No matching signature/);
    expect(() => verify('msg_3', ts, `${body} `)).toThrow(/No matching signature/);
  });

  it('refuses a secret without the whsec_ prefix', () => {
    expect(() => signWebhook(['hrp_nope'], { id: 'x', timestampSeconds: 1, body })).toThrow(/whsec_/);
  });
});
