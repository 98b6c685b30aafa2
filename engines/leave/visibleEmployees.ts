import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { visibilityOf } from '../access/roles';
import { visibleEmployeesFilter } from '../access/visibility';

/**
 * The employees an actor may see, in the form SQL over leave tables needs: the whole tenant, or a list of ids.
 * Both come from the one visibility rule (engines/access/visibility.ts); this only avoids turning a whole
 * workspace into a list of ten thousand ids, which would make HR's reports slow for nothing.
 */
export type VisibleEmployees = { all: true } | { all: false; ids: string[] };

/** Whose leave `actor` may see. */
export async function visibleEmployees(prisma: PrismaClient, actor: Actor): Promise<VisibleEmployees> {
  if (visibilityOf(actor.user.role) === 'workspace') return { all: true };
  const filter = await visibleEmployeesFilter(prisma, actor);
  const rows = await prisma.employee.findMany({ where: filter, select: { id: true } });
  return { all: false, ids: rows.map((r) => r.id) };
}

/** The SQL condition "`column` is a visible employee" (the caller also restricts to the actor's tenant). */
export function visibleCondition(column: Prisma.Sql, visible: VisibleEmployees): Prisma.Sql {
  return visible.all ? Prisma.sql`TRUE` : Prisma.sql`${column} = ANY(${visible.ids}::uuid[])`;
}
