import { z } from 'zod';
import { createExpenseCategory as createCategory } from '../../engines/expenses/expenseCategories';
import { defineOperation } from '../defineOperation';
import { CreateExpenseCategoryBody, ExpenseCategoryView, expensesOperation } from './expenseSchemas';

export const createExpenseCategory = defineOperation({
  ...expensesOperation,
  name: 'create_expense_category',
  method: 'POST',
  path: '/api/expenses/categories',
  access: 'expenses:write',
  summary: 'Make an expense category (HR): its limit per line, when a receipt is needed, a mileage rate',
  description:
    'HR_MANAGER, ADMIN and OWNER only (403 otherwise). Amounts are minor units of the category’s currency. A line ' +
    'above the limit is refused (`limitAction: refuse`, 400) or kept and flagged `over_limit` (`flag`, the ' +
    'default). A mileage category (`mileageRateMinor`) claims distances. 409 when the name is taken.',
  input: { body: CreateExpenseCategoryBody },
  output: z.object({ category: ExpenseCategoryView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_expense_category', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ category: await createCategory(ctx.deps.prisma, ctx.actor, body) }),
});
