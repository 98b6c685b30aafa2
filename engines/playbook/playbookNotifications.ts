import type { Prisma } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';

/**
 * Notifications of the Playbook, written in the transaction that publishes: each employee a policy's new version
 * asks is told once, when that version is published (a version is published once, so once per version). Someone
 * who joins later finds the request among their pending acknowledgements instead.
 */
export const playbookNotificationKinds = ['playbook.acknowledgement_requested'] as const;

/** Asks each of `userIds` to acknowledge the policy's version. Answers how many were written. */
export async function notifyAcknowledgementRequested(
  tx: Prisma.TransactionClient,
  input: {
    tenantId: string;
    userIds: string[];
    document: { id: string; slug: string };
    version: { number: number; title: string };
  },
): Promise<number> {
  return writeNotifications(
    tx,
    input.userIds.map((userId) => ({
      tenantId: input.tenantId,
      userId,
      kind: 'playbook.acknowledgement_requested',
      title: `Please read and acknowledge: ${input.version.title}`,
      body: `Version ${input.version.number} of the policy "${input.version.title}" asks for your acknowledgement.`,
      data: { documentId: input.document.id, slug: input.document.slug, versionNumber: input.version.number },
    })),
  );
}
