import { uuidv7 } from '../../db/uuidv7';
import type { Bucket, LedgerKind } from '../../engines/leave/balances';
import type { BalanceRow, LedgerRow } from './leaveBulkInsert';

/** Whose balance a seed row moves. */
export interface SeedOwner {
  tenantId: string;
  employeeId: string;
  policyId: string;
}

/** How a seeded request reached its status, which decides the ledger rows it leaves behind. */
export type SeedHistory = 'pending' | 'approved' | 'auto' | 'rejected' | 'cancelled_pending' | 'cancelled_approved';

/**
 * The seeds' ledger, kept in memory and inserted in bulk: every movement is a ledger row and is added to the
 * balance row of its year at the same time, so the seeded balances equal the sum of the seeded ledger, exactly
 * as the engine keeps them (engines/leave/balances.ts).
 */
export class LeaveBook {
  readonly ledger: LedgerRow[] = [];
  private readonly balanceRows = new Map<string, BalanceRow>();

  /** One movement: a ledger row, and the same days added to the bucket of that year's balance. */
  move(
    owner: SeedOwner,
    year: number,
    kind: LedgerKind,
    bucket: Bucket,
    days: number,
    ref: { requestId?: string; note?: string } = {},
  ): void {
    if (days === 0) return;
    this.ledger.push({
      id: uuidv7(),
      ...owner,
      year,
      kind,
      bucket,
      days,
      requestId: ref.requestId ?? null,
      note: ref.note ?? null,
    });
    this.balance(owner, year)[bucket] += days;
  }

  /** The balance row of `owner` and `year`, created empty on first use. */
  balance(owner: SeedOwner, year: number): BalanceRow {
    const key = this.keyOf(owner, year);
    let row = this.balanceRows.get(key);
    if (!row) {
      row = { ...owner, year, allocated: 0, pending: 0, used: 0 };
      this.balanceRows.set(key, row);
    }
    return row;
  }

  /** allocated - used - pending of a year. */
  remaining(owner: SeedOwner, year: number): number {
    const b = this.balance(owner, year);
    return b.allocated - b.used - b.pending;
  }

  /**
   * The ledger rows a request leaves behind, per year, given how it reached its status. A year without a balance
   * yet gets the policy's yearly allocation first, as the engine grants it on first use.
   */
  recordRequest(
    owner: SeedOwner,
    requestId: string,
    byYear: Array<{ year: number; days: number }>,
    history: SeedHistory,
    yearlyAllocation: number,
  ): void {
    const ref = { requestId };
    for (const { year, days } of byYear) {
      if (!this.balanceRows.has(this.keyOf(owner, year))) {
        this.move(owner, year, 'allocation', 'allocated', yearlyAllocation, {
          note: `yearly allocation for ${year}, granted on first use`,
        });
      }
      if (history === 'auto') {
        this.move(owner, year, 'use', 'used', days, ref);
        continue;
      }
      this.move(owner, year, 'reserve', 'pending', days, ref);
      if (history === 'pending') continue;
      this.move(owner, year, 'release', 'pending', -days, ref);
      if (history === 'rejected' || history === 'cancelled_pending') continue;
      this.move(owner, year, 'use', 'used', days, ref);
      if (history === 'cancelled_approved') this.move(owner, year, 'unuse', 'used', -days, ref);
    }
  }

  private keyOf(owner: SeedOwner, year: number): string {
    return `${owner.employeeId}/${owner.policyId}/${year}`;
  }

  balances(): BalanceRow[] {
    return [...this.balanceRows.values()];
  }
}
