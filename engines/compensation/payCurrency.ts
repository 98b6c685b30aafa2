import type { Db } from '../../db/handle';
import { toDbDate, type IsoDate } from '../leave/dates';

/** The currency of a tenant that set none (compensation settings). */
export const FALLBACK_CURRENCY = 'EUR';

/** The tenant's default currency: its compensation settings', else EUR. */
export async function defaultCurrencyOf(db: Db, tenantId: string): Promise<string> {
  const settings = await db.compensationSettings.findUnique({
    where: { tenantId },
    select: { defaultCurrency: true },
  });
  return settings?.defaultCurrency ?? FALLBACK_CURRENCY;
}

/**
 * The currency a person is paid in on `date`: their salary's then (the latest entry in effect, else their first
 * one to come), else the tenant's default. Expense claims are made in it, so Payroll reimburses them on the payslip.
 */
export async function payCurrencyOf(db: Db, tenantId: string, employeeId: string, date: IsoDate): Promise<string> {
  const inEffect = await db.salary.findFirst({
    where: { tenantId, employeeId, effectiveDate: { lte: toDbDate(date) } },
    orderBy: { effectiveDate: 'desc' },
    select: { currency: true },
  });
  if (inEffect) return inEffect.currency;
  const next = await db.salary.findFirst({
    where: { tenantId, employeeId },
    orderBy: { effectiveDate: 'asc' },
    select: { currency: true },
  });
  return next?.currency ?? (await defaultCurrencyOf(db, tenantId));
}
