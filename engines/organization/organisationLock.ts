import type { Prisma } from '../../db/models';

/**
 * Serialises the changes of one workspace's structure (new people and their numbers, managers, departments, teams,
 * positions): two at once could each pass the cycle check and together make a cycle, or take the same employee
 * number. Held to the end of the caller's transaction.
 */
export async function lockOrganisation(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`organisation:${tenantId}`}, 0))`;
}
