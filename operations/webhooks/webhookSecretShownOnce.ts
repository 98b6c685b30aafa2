import type { SecretShownOnce } from '../secretShownOnce';

/**
 * Where create_agent_webhook and rotate_agent_webhook_secret show the signing secret, displayed once: an
 * Idempotency-Key replay answers without it; a lost secret is replaced by a rotation.
 */
export const webhookSecretShownOnce: SecretShownOnce = {
  path: 'webhook.secret',
  ifLost: 'If it was lost, rotate it: POST /api/v1/agent/webhooks/{id}/rotate-secret.',
};
