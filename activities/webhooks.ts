import type { PrismaClient } from '../db/prismaClient';
import { attemptWebhookDelivery, type AttemptRef } from '../engines/webhooks/attempt';
import type { SecretBox } from '../engines/secrets/secretBox';

/** What the webhook activities need: the database, the key that opens signing secrets, the delivery settings. */
export interface WebhookActivityDeps {
  prisma: PrismaClient;
  box: SecretBox;
  timeoutMs: number;
  allowPrivateNetwork: boolean;
}

/** The activities of the webhookDelivery workflow. */
export function createWebhookActivities(deps: WebhookActivityDeps) {
  return {
    /** One attempt of a delivery: sign, send, record (engines/webhooks/attempt.ts). */
    attemptWebhookDelivery: (ref: AttemptRef) => attemptWebhookDelivery(deps, ref),
  };
}
