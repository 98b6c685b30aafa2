import type { PrismaClient } from '../../db/prismaClient';

/** True when the database holds no tenant yet: `svc-hr start` then seeds the demo data. */
export async function isDatabaseEmpty(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.tenant.findFirst({ select: { id: true } })) === null;
}
