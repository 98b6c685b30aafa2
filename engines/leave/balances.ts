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

/**
 * Applies `movements` to an employee's balances: one ledger row each, and the balance rows updated by the same
 * amounts, inside the caller's transaction (so a failure leaves neither). A year's first movement creates its row
 * with the policy's yearly allocation, and an `allocation` ledger row for it.
 */
export async function moveBalance(
  tx: Prisma.TransactionClient,
  owner: BalanceOwner,
  movements: Movement[],
  ref: { requestId?: string; note?: string } = {},
): Promise<void> {
  const moving = movements.filter((m) => m.days !== 0);
  if (moving.length === 0) return;
  const allocation = owner.policy.yearlyAllocationDays;
  const opened: number[] = [];
  for (const year of new Set(moving.map((m) => m.year))) {
    const sum = (bucket: Bucket) =>
      moving.filter((m) => m.year === year && m.bucket === bucket).reduce((total, m) => total + m.days, 0);
    // Created with its allocation or moved, in one statement; `xmax = 0` holds only for a row this statement inserted.
    const [row] = await tx.$queryRaw<Array<{ inserted: boolean }>>`
      INSERT INTO leave_balances (tenant_id, employee_id, policy_id, year, allocated, pending, used)
      VALUES (${owner.tenantId}::uuid, ${owner.employeeId}::uuid, ${owner.policy.id}::uuid, ${year}::int,
              ${allocation}::float8 + ${sum('allocated')}::float8, ${sum('pending')}::float8, ${sum('used')}::float8)
      ON CONFLICT (employee_id, policy_id, year) DO UPDATE
         SET allocated = leave_balances.allocated + ${sum('allocated')}::float8,
             pending = leave_balances.pending + ${sum('pending')}::float8,
             used = leave_balances.used + ${sum('used')}::float8
      RETURNING (xmax = 0) AS inserted`;
    if (row?.inserted && allocation !== 0) opened.push(year);
  }
  const entry = (year: number, kind: LedgerKind, bucket: Bucket, days: number, note: string | null) => ({
    tenantId: owner.tenantId,
    employeeId: owner.employeeId,
    policyId: owner.policy.id,
    year,
    kind,
    bucket,
    days,
    note,
  });
  await tx.leaveLedgerEntry.createMany({
    data: [
      ...opened.map((year) =>
        entry(year, 'allocation', 'allocated', allocation, `yearly allocation for ${year}, granted on first use`),
      ),
      ...moving.map((m) => ({
        ...entry(m.year, m.kind, m.bucket, m.days, ref.note ?? null),
        requestId: ref.requestId ?? null,
      })),
    ],
  });
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
