import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { type AnalyticsScope, bucketsSql, runAnalytics } from './analyticsQuery';

/** The claim statuses whose money counts: decided for the company (approved, or already paid back). */
export const countedClaimStatuses = ['APPROVED', 'REIMBURSED'] as const;

export interface ExpenseTotal {
  currency: string;
  amountMinor: number;
  lines: number;
}

export interface ExpenseBucket {
  from: string;
  to: string;
  /** Per claim currency (amounts are never added across currencies). */
  totals: ExpenseTotal[];
}

export interface ExpenseAnalytics {
  period: ExpenseBucket;
  series: ExpenseBucket[];
  /** The period per category and currency, largest first. */
  byCategory: Array<ExpenseTotal & { categoryId: string; categoryName: string }>;
}

interface Row {
  /** Null on the rows of the whole period. */
  bucket_start: string | null;
  /** Set on the rows that list the buckets, and only on them. */
  bucket_end: string | null;
  currency: string | null;
  category_id: string | null;
  category_name: string | null;
  amount: bigint | null;
  lines: number;
}

/**
 * Expense totals of the people in scope: the lines of their APPROVED or REIMBURSED claims dated inside the period,
 * in the claim's currency (what is reimbursed), per bucket and currency, per currency, and per category and currency
 * (the period's), in one pass over the lines with GROUPING SETS, beside the list of buckets (one that holds no line
 * shows no totals). A line's bucket is the month or quarter of its date (the period's bounds clip the lines), so the
 * lines meet no range join with the buckets; categories are named after summing.
 */
export async function expenseAnalytics(db: PrismaClient, scope: AnalyticsScope): Promise<ExpenseAnalytics> {
  const rows = await runAnalytics<Row[]>(
    db,
    Prisma.sql`
    WITH totals AS (
      SELECT GREATEST(date_trunc(${scope.groupBy}::text, l.date::timestamp)::date, ${scope.from}::date) AS bucket_start,
             c.currency, l.category_id, sum(l.claim_amount_minor) AS amount, count(*) AS lines
      FROM expense_lines l
      JOIN expense_claims c ON c.id = l.claim_id
      JOIN employees e ON e.id = c.employee_id AND ${scope.people}
      WHERE l.tenant_id = ${scope.tenantId}::uuid AND l.date BETWEEN ${scope.from}::date AND ${scope.to}::date
        AND c.tenant_id = ${scope.tenantId}::uuid
        AND c.status = ANY(${[...countedClaimStatuses]}::"ExpenseClaimStatus"[])
      GROUP BY GROUPING SETS ((1, c.currency), (c.currency), (c.currency, l.category_id))
    )
    SELECT to_char(b.bucket_start, 'YYYY-MM-DD') AS bucket_start, to_char(b.bucket_end, 'YYYY-MM-DD') AS bucket_end,
           NULL AS currency, NULL AS category_id, NULL AS category_name, NULL::bigint AS amount, 0 AS lines
    FROM (${bucketsSql(scope)}) AS b
    UNION ALL
    SELECT to_char(t.bucket_start, 'YYYY-MM-DD'), NULL, t.currency, t.category_id::text, k.name, t.amount::bigint,
           t.lines::int
    FROM totals t LEFT JOIN expense_categories k ON k.id = t.category_id
    ORDER BY 1 NULLS LAST, 3`,
  );
  const total = (r: Row): ExpenseTotal => ({
    currency: r.currency!,
    amountMinor: Number(r.amount ?? 0),
    lines: r.lines,
  });
  const totals = rows.filter((r) => r.currency !== null && r.category_id === null);
  return {
    period: { from: scope.from, to: scope.to, totals: totals.filter((r) => r.bucket_start === null).map(total) },
    series: rows
      .filter((r) => r.bucket_end !== null)
      .map((b) => ({
        from: b.bucket_start!,
        to: b.bucket_end!,
        totals: totals.filter((r) => r.bucket_start === b.bucket_start).map(total),
      })),
    byCategory: rows
      .filter((r) => r.category_id !== null)
      .map((r) => ({ categoryId: r.category_id!, categoryName: r.category_name!, ...total(r) }))
      .sort((a, b) => b.amountMinor - a.amountMinor || a.categoryName.localeCompare(b.categoryName)),
  };
}
