import type { PrismaClient } from '../../db/prismaClient';
import { writeNotifications } from '../../engines/notifications/writeNotifications';

/** A fresh notification of the user with `email`, written by the one writer; answers its id. */
export async function notificationOf(prisma: PrismaClient, email: string): Promise<string> {
  const user = await prisma.user.findUniqueOrThrow({ where: { email } });
  await prisma.$transaction((tx) =>
    writeNotifications(tx, [
      { tenantId: user.tenantId, userId: user.id, kind: 'leave.approved', title: 'matrix', body: 'matrix', data: {} },
    ]),
  );
  const latest = await prisma.notification.findFirstOrThrow({ where: { userId: user.id }, orderBy: { seq: 'desc' } });
  return latest.id;
}
