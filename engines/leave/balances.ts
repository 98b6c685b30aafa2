import type { LeaveBalance, Prisma } from '../../db/models';
import type { PolicyRules } from './policies';
import type { Db } from '../../db/handle';

/**
 * Balances per employee, policy and year, in three buckets: `allocated` (yearly allocation, carry-over,
 * adjustments), `pending` (reserved by requests awaiting a decision) and `used` (approved, in progress or taken).
 * Every movement is a LeaveLedgerEntry row AND the matching change of the LeaveBalance row, written in the same
 * transaction, so the balance row is always the sum of the ledger and reads never sum the ledger.
 */

export type LedgerKind = 'allocation' | 'carry_over' | 'reserve' | 'release' | 'use' | 'unuse' | 'adjustment';
export type Bucket = 'allocated' | 'pending' | 'used';

/** One signed change of one bucket of one year's balance. */
export interface Movement {
  year: number;
  kind: LedgerKind;
  bucket: Bucket;
  days: number;
}

export interface BalanceView {
  allocated: number;
  pending: number;
  used: number;
  /** allocated - used - pending: what a new request may still take. */
  remaining: number;
}

/** Whose balance moves: an employee's, under one policy. */
export interface BalanceOwner {
  tenantId: string;
  employeeId: string;
  policy: Pick<PolicyRules, 'id' | 'yearlyAllocationDays'>;
}

/**
 * A balance as requests see it. A year without a row yet counts as the policy's yearly allocation, untouched:
 * the row (and its `allocation` ledger entry) is written when the first movement of that year happens, so a
 * request for next year, or one across 31 December, works before any year-end job has run.
 */
export function balanceView(
  row: Pick<LeaveBalance, 'allocated' | 'pending' | 'used'> | undefined,
  policy: Pick<PolicyRules, 'yearlyAllocationDays'>,
): BalanceView {
  const { allocated, pending, used } = row ?? { allocated: policy.yearlyAllocationDays, pending: 0, used: 0 };
  return { allocated, pending, used, remaining: allocated - used - pending };
}

/** An employee's balances of one policy for `years`, by year (see balanceView for years without a row). */
export async function readBalances(db: Db, owner: BalanceOwner, years: number[]): Promise<Map<number, BalanceView>> {
  const rows = await db.leaveBalance.findMany({
    where: { tenantId: owner.tenantId, employeeId: owner.employeeId, policyId: owner.policy.id, year: { in: years } },
  });
  return new Map(
    years.map((year) => [
      year,
      balanceView(
        rows.find((r) => r.year === year),
        owner.policy,
      ),
    ]),
  );
}

/** Creates the year's balance row with its allocation ledger entry, unless it exists. */
async function ensureBalance(tx: Prisma.TransactionClient, owner: BalanceOwner, year: number): Promise<void> {
  const allocated = owner.policy.yearlyAllocationDays;
  const { count } = await tx.leaveBalance.createMany({
    data: [{ tenantId: owner.tenantId, employeeId: owner.employeeId, policyId: owner.policy.id, year, allocated }],
    skipDuplicates: true,
  });
  if (count === 1 && allocated !== 0) {
    await tx.leaveLedgerEntry.create({
      data: {
        tenantId: owner.tenantId,
        employeeId: owner.employeeId,
        policyId: owner.policy.id,
        year,
        kind: 'allocation',
        bucket: 'allocated',
        days: allocated,
        note: `yearly allocation for ${year}, granted on first use`,
      },
    });
  }
}

/**
 * Applies `movements` to an employee's balances: one ledger row each, and the balance rows updated by the same
 * amounts, inside the caller's transaction (so a failure leaves neither).
 */
export async function moveBalance(
  tx: Prisma.TransactionClient,
  owner: BalanceOwner,
  movements: Movement[],
  ref: { requestId?: string; note?: string } = {},
): Promise<void> {
  const moving = movements.filter((m) => m.days !== 0);
  if (moving.length === 0) return;
  const years = [...new Set(moving.map((m) => m.year))];
  for (const year of years) await ensureBalance(tx, owner, year);
  await tx.leaveLedgerEntry.createMany({
    data: moving.map((m) => ({
      tenantId: owner.tenantId,
      employeeId: owner.employeeId,
      policyId: owner.policy.id,
      year: m.year,
      kind: m.kind,
      bucket: m.bucket,
      days: m.days,
      requestId: ref.requestId ?? null,
      note: ref.note ?? null,
    })),
  });
  for (const year of years) {
    const sum = (bucket: Bucket) =>
      moving.filter((m) => m.year === year && m.bucket === bucket).reduce((total, m) => total + m.days, 0);
    await tx.leaveBalance.update({
      where: { employeeId_policyId_year: { employeeId: owner.employeeId, policyId: owner.policy.id, year } },
      data: {
        allocated: { increment: sum('allocated') },
        pending: { increment: sum('pending') },
        used: { increment: sum('used') },
      },
    });
  }
}

/**
 * What a request holds of each year's balance, from its own ledger rows: decisions and cancellations move
 * exactly what creation moved, even if the holiday calendar changed in between.
 */
export async function heldByRequest(
  db: Db,
  requestId: string,
): Promise<Array<{ year: number; pending: number; used: number }>> {
  const rows = await db.leaveLedgerEntry.groupBy({
    by: ['year', 'bucket'],
    where: { requestId },
    _sum: { days: true },
    orderBy: { year: 'asc' },
  });
  const years = [...new Set(rows.map((r) => r.year))];
  const net = (year: number, bucket: Bucket) =>
    rows.filter((r) => r.year === year && r.bucket === bucket).reduce((sum, r) => sum + (r._sum.days ?? 0), 0);
  return years.map((year) => ({ year, pending: net(year, 'pending'), used: net(year, 'used') }));
}

/** The movements that turn a request's pending days into used days (approval). */
export function approveMovements(held: Array<{ year: number; pending: number }>): Movement[] {
  return held
    .flatMap(({ year, pending }): Movement[] => [
      { year, kind: 'release', bucket: 'pending', days: -pending },
      { year, kind: 'use', bucket: 'used', days: pending },
    ])
    .filter((m) => m.days !== 0);
}

/** The movements that give back everything a request holds (rejection, cancellation). */
export function releaseMovements(held: Array<{ year: number; pending: number; used: number }>): Movement[] {
  return held
    .flatMap(({ year, pending, used }): Movement[] => [
      { year, kind: 'release', bucket: 'pending', days: -pending },
      { year, kind: 'unuse', bucket: 'used', days: -used },
    ])
    .filter((m) => m.days !== 0);
}
