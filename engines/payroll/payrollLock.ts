import type { Prisma } from '../../db/models';

/**
 * The tenant's payroll lock, held to the end of the transaction: a run's gathering of a page, and its payment,
 * take it, so two runs (of different months) never both take the same input (an expense claim, an overtime week).
 */
export async function lockTenantPayroll(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`payroll:${tenantId}`}, 0))`;
}
