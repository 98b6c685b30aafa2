import type { PrismaClient } from '../../db/prismaClient';

/**
 * Records of Acme's organisation written directly, one fresh record per call, for the authorization matrices'
 * samples (an operation that deletes or changes one needs its own).
 */
let n = 0;

async function acmeId(prisma: PrismaClient): Promise<string> {
  return (await prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } })).id;
}

export async function acmeRecordOf(
  prisma: PrismaClient,
  kind: 'department' | 'team' | 'location' | 'legalEntity' | 'position',
): Promise<string> {
  const tenantId = await acmeId(prisma);
  const name = `Matrix ${kind} ${process.pid}-${++n}`;
  switch (kind) {
    case 'department':
      return (await prisma.department.create({ data: { tenantId, name } })).id;
    case 'team':
      return (await prisma.team.create({ data: { tenantId, name } })).id;
    case 'location':
      return (await prisma.location.create({ data: { tenantId, name, countryCode: 'DE' } })).id;
    case 'legalEntity':
      return (await prisma.legalEntity.create({ data: { tenantId, name, countryCode: 'DE' } })).id;
    case 'position':
      return (await prisma.position.create({ data: { tenantId, title: name } })).id;
  }
}

/** A fresh team of Acme with `employeeId` in it: a member to take out. */
export async function acmeTeamWith(prisma: PrismaClient, employeeId: string): Promise<string> {
  const teamId = await acmeRecordOf(prisma, 'team');
  await prisma.teamMember.create({ data: { teamId, employeeId, tenantId: await acmeId(prisma) } });
  return teamId;
}

/** A name no other sample has used. */
export const freshName = (what: string) => `Matrix ${what} ${process.pid}-${++n}`;

/** A fresh EMPLOYEE account of Acme, active or deactivated, written directly. */
export async function acmeUserOf(prisma: PrismaClient, status: 'active' | 'deactivated' = 'active'): Promise<string> {
  const tenantId = await acmeId(prisma);
  const email = `matrix.user.${process.pid}.${++n}@acme.test`;
  return (await prisma.user.create({ data: { tenantId, email, name: `Matrix user ${n}`, status } })).id;
}
