import type { Db } from '../../db/handle';
import type { Prisma } from '../../db/models';
import { AppError } from '../appError';
import { emitExpenseClaimWebhookEvent } from '../webhooks/emitters';
import { notifyReimbursed } from './expenseNotifications';

/**
 * Where Expenses meets Payroll ("approved claims reimbursed through Payroll", company-api.md): a payroll run asks
 * which approved claims wait to be paid, pays their totals on the payslips, and marks them reimbursed by the run.
 */

/** An approved claim waiting for its reimbursement, as a payroll run reads it. */
export interface ClaimToReimburse {
  id: string;
  title: string;
  /** The claim's currency: the employee's pay currency when the claim was made. */
  currency: string;
  /** What to pay, minor units of `currency` (bigint, for lib/money arithmetic). */
  totalMinor: bigint;
}

/**
 * The APPROVED claims of `employeeIds` that no payroll run has taken yet (`payrollRunId` null), per employee id,
 * oldest decision first. Employees without one are absent from the map. Reads only; Payroll calls it while it
 * gathers a run's inputs, then `markClaimsReimbursed` for the claims it paid.
 */
export async function approvedClaimsToReimburse(
  db: Db,
  tenantId: string,
  employeeIds: readonly string[],
): Promise<Map<string, ClaimToReimburse[]>> {
  const byEmployee = new Map<string, ClaimToReimburse[]>();
  if (employeeIds.length === 0) return byEmployee;
  const rows = await db.expenseClaim.findMany({
    where: { tenantId, employeeId: { in: [...employeeIds] }, status: 'APPROVED', payrollRunId: null },
    orderBy: [{ decidedAt: 'asc' }, { id: 'asc' }],
    select: { id: true, employeeId: true, title: true, currency: true, totalMinor: true },
  });
  for (const { employeeId, ...claim } of rows) {
    byEmployee.set(employeeId, [...(byEmployee.get(employeeId) ?? []), claim]);
  }
  return byEmployee;
}

/**
 * Marks `claimIds` REIMBURSED by payroll run `runId` at `at`, inside the run's transaction: each claimant is told
 * and an `expenses.claim.reimbursed` event is queued. Safe to repeat (a retried activity): claims this run already
 * reimbursed are left as they are. 409 when a claim is not APPROVED, or was reimbursed by another run; nothing is
 * marked then (the caller's transaction rolls back). Answers how many claims it marked now.
 */
export async function markClaimsReimbursed(
  tx: Prisma.TransactionClient,
  tenantId: string,
  runId: string,
  claimIds: readonly string[],
  at: Date,
): Promise<number> {
  const ids = [...new Set(claimIds)];
  if (ids.length === 0) return 0;
  // Row locks in id order: two runs marking overlapping claims queue, never deadlock.
  const claims = await tx.$queryRaw<Array<{ id: string; status: string; payroll_run_id: string | null }>>`
    SELECT id::text, status::text, payroll_run_id::text FROM expense_claims
    WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${ids}::uuid[])
    ORDER BY id FOR UPDATE`;
  const missing = ids.filter((id) => !claims.some((c) => c.id === id));
  if (missing.length > 0) throw new AppError('not_found', `No expense claim ${missing.join(', ')}`);
  const refused = claims.filter(
    (c) => !(c.status === 'APPROVED' && c.payroll_run_id === null) && c.payroll_run_id !== runId,
  );
  if (refused.length > 0) {
    const states = refused.map((c) => `${c.id} is ${c.status}${c.payroll_run_id ? ` (run ${c.payroll_run_id})` : ''}`);
    throw new AppError('conflict', `Only APPROVED claims not yet reimbursed can be: ${states.join('; ')}`);
  }
  const toMark = claims.filter((c) => c.status === 'APPROVED').map((c) => c.id);
  if (toMark.length === 0) return 0;
  await tx.expenseClaim.updateMany({
    where: { id: { in: toMark } },
    data: { status: 'REIMBURSED', payrollRunId: runId, reimbursedAt: at },
  });
  const marked = await tx.expenseClaim.findMany({ where: { id: { in: toMark } }, orderBy: { id: 'asc' } });
  await notifyReimbursed(tx, tenantId, marked);
  for (const claim of marked) await emitExpenseClaimWebhookEvent(tx, 'expenses.claim.reimbursed', claim);
  return toMark.length;
}

/**
 * Reserves `claimIds` for payroll run `runId` while it gathers (they stay APPROVED, with the run's id), so another
 * run cannot pay them too; `markClaimsReimbursed` settles them when the run is paid, `releaseClaimsOfRun` frees them
 * when it is cancelled. Only claims still APPROVED and free are taken; answers how many.
 */
export async function reserveClaimsForRun(
  tx: Prisma.TransactionClient,
  tenantId: string,
  runId: string,
  claimIds: readonly string[],
): Promise<number> {
  if (claimIds.length === 0) return 0;
  const { count } = await tx.expenseClaim.updateMany({
    where: { tenantId, id: { in: [...claimIds] }, status: 'APPROVED', payrollRunId: null },
    data: { payrollRunId: runId },
  });
  return count;
}

/** Frees the claims a cancelled run had reserved (not those it reimbursed: a paid run is never cancelled). */
export async function releaseClaimsOfRun(
  tx: Prisma.TransactionClient,
  tenantId: string,
  runId: string,
): Promise<number> {
  const { count } = await tx.expenseClaim.updateMany({
    where: { tenantId, payrollRunId: runId, status: 'APPROVED' },
    data: { payrollRunId: null },
  });
  return count;
}
