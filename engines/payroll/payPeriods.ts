import type { PayPeriod, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { toDbDate, type IsoDate } from '../leave/dates';
import { periodLabel } from './periodLock';

type Tx = Prisma.TransactionClient;

/** A pay period as the API answers it: a calendar month, OPEN until a run of it is paid. */
export interface PayPeriodView {
  period: string;
  startDate: IsoDate;
  endDate: IsoDate;
  status: 'OPEN' | 'CLOSED';
  closedAt: string | null;
}

/** The first and last day of a month. */
export function monthRange(year: number, month: number): { start: IsoDate; end: IsoDate } {
  const start = `${year}-${String(month).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start, end: `${start.slice(0, 8)}${String(last).padStart(2, '0')}` };
}

/** `2026-10` as year and month. */
export function parsePeriod(label: string): { year: number; month: number } {
  return { year: Number(label.slice(0, 4)), month: Number(label.slice(5, 7)) };
}

/**
 * The period's row, created OPEN when it has none yet, locked for the rest of the transaction (a run starting and a
 * run being paid queue on it, and every change dated in it waits: periodLock.ts takes a share lock).
 */
export async function lockPayPeriod(tx: Tx, tenantId: string, year: number, month: number): Promise<PayPeriod> {
  const { start, end } = monthRange(year, month);
  await tx.payPeriod.createMany({
    data: [{ tenantId, year, month, startDate: toDbDate(start), endDate: toDbDate(end), status: 'OPEN' }],
    skipDuplicates: true,
  });
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text AS id FROM pay_periods
    WHERE tenant_id = ${tenantId}::uuid AND year = ${year} AND month = ${month} FOR UPDATE`;
  return tx.payPeriod.findUniqueOrThrow({ where: { id: rows[0]!.id } });
}

export function payPeriodViewOf(row: Pick<PayPeriod, 'year' | 'month' | 'status' | 'closedAt'>): PayPeriodView {
  const { start, end } = monthRange(row.year, row.month);
  return {
    period: periodLabel(row),
    startDate: start,
    endDate: end,
    status: row.status,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** The twelve periods of `year`, January first: those never run are OPEN. Not sensitive: dates and states only. */
export async function listPayPeriods(prisma: PrismaClient, actor: Actor, year: number): Promise<PayPeriodView[]> {
  const rows = await prisma.payPeriod.findMany({ where: { tenantId: actor.tenant.id, year } });
  return Array.from({ length: 12 }, (_, i) => {
    const row = rows.find((r) => r.month === i + 1);
    return payPeriodViewOf(row ?? { year, month: i + 1, status: 'OPEN', closedAt: null });
  });
}
