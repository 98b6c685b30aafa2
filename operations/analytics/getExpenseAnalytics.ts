import { z } from 'zod';
import { analyticsScope } from '../../engines/analytics/analyticsQuery';
import { expenseAnalytics } from '../../engines/analytics/expenseTotals';
import { defineOperation } from '../defineOperation';
import { analyticsFilterQuery, analyticsOperation, filterOf, ExpenseAnalyticsView } from './analyticsSchemas';

export const getExpenseAnalytics = defineOperation({
  ...analyticsOperation,
  name: 'get_expense_analytics',
  method: 'GET',
  path: '/api/analytics/expenses',
  summary: 'Expense totals of the people you may see, per currency and per category, per month or quarter',
  description:
    'Sums the lines dated inside the period of APPROVED and REIMBURSED claims, in each claim’s currency (never added across currencies). Only the people your role shows you count.',
  input: { query: z.strictObject(analyticsFilterQuery) },
  output: z.object({ expenses: ExpenseAnalyticsView }),
  mcp: { tool: 'get_expense_analytics', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const scope = await analyticsScope(ctx.deps.prisma, ctx.actor, filterOf(query));
    return { expenses: await expenseAnalytics(ctx.deps.prisma, scope) };
  },
});
