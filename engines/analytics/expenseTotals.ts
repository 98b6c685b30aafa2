import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { type AnalyticsScope, bucketsSql, periodSql, runAnalytics } from './analyticsQuery';

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
  bucket_start: string;
  bucket_end: string;
  currency: string | null;
  category_id: string | null;
  category_name: string | null;
  amount: bigint | null;
  lines: number;
}

/**
 * Expense totals of the people in scope: the lines of their APPROVED or REIMBURSED claims dated inside the period,
 * in the claim's currency (what is reimbursed), per bucket and currency and per category and currency. One
 * statement with GROUPING SETS.
 */
export async function expenseAnalytics(db: PrismaClient, scope: AnalyticsScope): Promise<ExpenseAnalytics> {
  const query = (withBuckets: boolean) =>
    runAnalytics<Row[]>(
      db,
      Prisma.sql`
    WITH buckets AS (${withBuckets ? bucketsSql(scope) : periodSql(scope)})
    SELECT to_char(b.bucket_start, 'YYYY-MM-DD') AS bucket_start, to_char(b.bucket_end, 'YYYY-MM-DD') AS bucket_end,
           c.currency, l.category_id::text AS category_id, max(k.name) AS category_name,
           sum(l.claim_amount_minor)::bigint AS amount, count(l.id)::int AS lines
    FROM buckets b
    JOIN expense_lines l ON l.tenant_id = ${scope.tenantId}::uuid AND l.date BETWEEN b.bucket_start AND b.bucket_end
    JOIN expense_claims c ON c.id = l.claim_id AND c.status::text = ANY(${[...countedClaimStatuses]}::text[])
    JOIN employees e ON e.id = c.employee_id AND ${scope.people}
    JOIN expense_categories k ON k.id = l.category_id
    GROUP BY GROUPING SETS ((b.bucket_start, b.bucket_end, c.currency), (b.bucket_start, b.bucket_end, c.currency, l.category_id))
    ORDER BY 1, c.currency`,
    );
  const [bucketRows, periodRows] = await Promise.all([query(true), query(false)]);
  const total = (r: Row): ExpenseTotal => ({
    currency: r.currency!,
    amountMinor: Number(r.amount ?? 0),
    lines: r.lines,
  });
  const perCurrency = (rows: Row[]) => rows.filter((r) => r.category_id === null).map(total);
  const buckets = await runAnalytics<Array<{ bucket_start: string; bucket_end: string }>>(
    db,
    Prisma.sql`
    SELECT to_char(bucket_start, 'YYYY-MM-DD') AS bucket_start, to_char(bucket_end, 'YYYY-MM-DD') AS bucket_end
    FROM (${bucketsSql(scope)}) AS b ORDER BY 1`,
  );
  return {
    period: { from: scope.from, to: scope.to, totals: perCurrency(periodRows) },
    series: buckets.map((b) => ({
      from: b.bucket_start,
      to: b.bucket_end,
      totals: perCurrency(bucketRows.filter((r) => r.bucket_start === b.bucket_start)),
    })),
    byCategory: periodRows
      .filter((r) => r.category_id !== null)
      .map((r) => ({ categoryId: r.category_id!, categoryName: r.category_name!, ...total(r) }))
      .sort((a, b) => b.amountMinor - a.amountMinor || a.categoryName.localeCompare(b.categoryName)),
  };
}
