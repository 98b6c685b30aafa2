import type { PrismaClient } from '../../db/prismaClient';
import { demoPeople } from '../../prisma/seed';
import type { DemoKey } from './identity';

/**
 * A webhook of demo person `who` for `events`, written straight to the database with a public address and no usable
 * secret: for tests that read the deliveries an event queues (nothing is sent). Answers a reader of its deliveries,
 * oldest first.
 */
export async function queuedWebhookOf(prisma: PrismaClient, who: DemoKey, events: string[]) {
  const user = await prisma.user.findUniqueOrThrow({ where: { email: demoPeople[who].email } });
  const hook = await prisma.agentWebhook.create({
    data: {
      tenantId: user.tenantId,
      createdByUserId: user.id,
      url: 'https://203.0.113.10/hooks',
      events,
      status: 'enabled',
      secretCiphertext: 'unused: this test reads the queued deliveries, nothing is sent',
      secretHint: 'whsec_…',
    },
  });
  return {
    id: hook.id,
    deliveries: () => prisma.webhookDelivery.findMany({ where: { webhookId: hook.id }, orderBy: { createdAt: 'asc' } }),
  };
}
