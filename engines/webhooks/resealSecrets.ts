import type { PrismaClient } from '../../db/prismaClient';
import type { SecretBox } from '../secrets/secretBox';
import { webhookSecretBinding } from './webhooks';

/** Rows read per round: the table is read in id order, a page at a time, whatever its size. */
const pageSize = 200;

/**
 * Seals again, under the one key (SVC_HR_SECRETS_KEY), every webhook signing secret an earlier version sealed under
 * its own webhook key; a worker runs it at start. A row changed meanwhile (a rotation) is left as the change wrote
 * it. A secret that no key opens is counted, not thrown: its deliveries fail and say so, the others go on.
 * Once it found nothing to reseal on every deployment, SVC_HR_WEBHOOK_SECRET_KEY (or the retired key file) can go.
 */
export async function resealWebhookSecrets(
  prisma: PrismaClient,
  box: SecretBox,
): Promise<{ resealed: number; unreadable: number }> {
  let resealed = 0;
  let unreadable = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await prisma.agentWebhook.findMany({
      where: after ? { id: { gt: after } } : {},
      orderBy: { id: 'asc' },
      take: pageSize,
      select: { id: true, tenantId: true, secretCiphertext: true, previousSecretCiphertext: true },
    });
    if (rows.length === 0) return { resealed, unreadable };
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      const binding = webhookSecretBinding(row);
      const again = (sealed: string | null): string | null => {
        if (sealed === null) return null;
        try {
          return box.reseal(sealed, binding);
        } catch {
          unreadable += 1;
          return null;
        }
      };
      const current = again(row.secretCiphertext);
      const previous = again(row.previousSecretCiphertext);
      if (current === null && previous === null) continue;
      const { count } = await prisma.agentWebhook.updateMany({
        where: {
          id: row.id,
          secretCiphertext: row.secretCiphertext,
          previousSecretCiphertext: row.previousSecretCiphertext,
        },
        data: {
          ...(current === null ? {} : { secretCiphertext: current }),
          ...(previous === null ? {} : { previousSecretCiphertext: previous }),
        },
      });
      resealed += count;
    }
  }
}
