import type { Prisma } from '../../db/models';
import { AppError } from '../appError';
import type { IsoDate } from '../leave/dates';

type Tx = Prisma.TransactionClient;

/** The pay period (a calendar month) a date belongs to. */
export function periodOf(date: IsoDate): { year: number; month: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/** `2026-10`: how a period is written in paths, reasons and files. */
export function periodLabel(period: { year: number; month: number }): string {
  return `${period.year}-${String(period.month).padStart(2, '0')}`;
}

/**
 * Refuses a change dated in a CLOSED pay period (company-api.md, Payroll: "a closed period is locked"): 409 naming
 * the period, and `what` was refused. Takes a share lock on the period's row, when there is one, for the rest of the
 * transaction, so a payroll run cannot close the period between this check and the change's commit (closing takes
 * the row's update lock). Call it inside the change's transaction, after the change's own locks.
 */
export async function requireOpenPayPeriod(tx: Tx, tenantId: string, date: IsoDate, what: string): Promise<void> {
  const { year, month } = periodOf(date);
  const rows = await tx.$queryRaw<Array<{ status: string }>>`
    SELECT status::text AS status FROM pay_periods
    WHERE tenant_id = ${tenantId}::uuid AND year = ${year} AND month = ${month}
    FOR SHARE`;
  if (rows[0]?.status === 'CLOSED') {
    const label = periodLabel({ year, month });
    throw new AppError(
      'conflict',
      `Pay period ${label} is CLOSED: ${what} dated ${date} cannot change it; date it in an open period (it is then paid with that period)`,
    );
  }
}
