import { z } from 'zod';
import { listExpenseCategories as listCategories } from '../../engines/expenses/expenseCategories';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { ExpenseCategoryView, expensesOperation } from './expenseSchemas';

export const listExpenseCategories = defineOperation({
  ...expensesOperation,
  name: 'list_expense_categories',
  method: 'GET',
  path: '/api/expenses/categories',
  access: 'expenses:read',
  summary: 'The expense categories of the workspace: limits, receipt thresholds, mileage rates',
  description: 'Everyone reads them; HR_MANAGER, ADMIN and OWNER change them. Inactive ones only with includeInactive.',
  input: {
    query: z.strictObject({
      includeInactive: z
        .enum(['true', 'false'])
        .default('false')
        .describe('true: inactive categories too (default false)'),
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
      cursor: z.uuid().optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({ categories: z.array(ExpenseCategoryView), nextCursor: NextCursor }),
  mcp: { tool: 'list_expense_categories', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listCategories(ctx.deps.prisma, ctx.actor, {
      includeInactive: query.includeInactive === 'true',
      limit: query.limit,
      after: query.cursor,
    }),
});
