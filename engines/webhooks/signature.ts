import { createHmac, randomBytes } from 'node:crypto';
import { secretPrefixes } from '../tokens/secret';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): a secret is `whsec_` and the base64 of its key
 * bytes; the signature of a message is `v1,` and the base64 HMAC-SHA256, under the key bytes, of
 * `<webhook-id>.<webhook-timestamp>.<body>`. Several signatures are separated by spaces (during a secret
 * rotation both the new and the previous secret sign), and a receiver accepts any one that matches.
 */
export const WEBHOOK_SECRET_PREFIX = secretPrefixes.webhook_secret;

/** A new signing secret: `whsec_` + base64 of 32 random bytes, with its non-secret hint. */
export function generateWebhookSecret(): { secret: string; hint: string } {
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
  return { secret, hint: `${secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4)}…` };
}

function keyOf(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('A webhook secret starts with whsec_');
  return Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
}

/** The `webhook-signature` header value of one message, signed with every secret in `secrets` (newest first). */
export function signWebhook(
  secrets: readonly string[],
  message: { id: string; timestampSeconds: number; body: string },
): string {
  const content = `${message.id}.${message.timestampSeconds}.${message.body}`;
  return secrets.map((s) => `v1,${createHmac('sha256', keyOf(s)).update(content, 'utf8').digest('base64')}`).join(' ');
}
