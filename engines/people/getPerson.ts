import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { canSeeEmployee } from '../access/visibility';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { tenantToday } from '../leave/tenantCalendar';
import { personInclude, personViewOf, type PersonView } from './personView';
import type { PersonSeal } from './sealedFields';

/** The row of a person `actor` may see; 404 for anyone else, whether they exist or not. */
export async function findVisiblePerson(prisma: PrismaClient, actor: Actor, id: string) {
  if (!(await canSeeEmployee(prisma, actor, id))) throw new AppError('not_found', `No person ${id}`);
  return prisma.employee.findUniqueOrThrow({ where: { id }, include: personInclude });
}

/** One person as `actor` may read them (engines/access/fieldAccess.ts). */
export async function getPerson(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  clock: Clock,
  seal: PersonSeal,
): Promise<PersonView> {
  const row = await findVisiblePerson(prisma, actor, id);
  const { today } = await tenantToday(prisma as Db, actor.tenant.id, clock);
  return personViewOf(actor, row, today, seal);
}
