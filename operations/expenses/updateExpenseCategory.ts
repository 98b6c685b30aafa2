import { z } from 'zod';
import { updateExpenseCategory as updateCategory } from '../../engines/expenses/expenseCategories';
import { defineOperation } from '../defineOperation';
import { ExpenseCategoryView, UpdateExpenseCategoryBody, expensesOperation } from './expenseSchemas';

export const updateExpenseCategory = defineOperation({
  ...expensesOperation,
  name: 'update_expense_category',
  method: 'PATCH',
  path: '/api/expenses/categories/{id}',
  access: 'expenses:write',
  summary: 'Change an expense category (HR), or deactivate it (`active: false`)',
  description:
    'HR_MANAGER, ADMIN and OWNER only. Lines already written keep their amounts and flags; new lines, and ' +
    'receipts at submission, follow the new rules. A deactivated category takes no new line, and a draft that ' +
    'uses it cannot be submitted until changed. null clears a limit, threshold or rate.',
  input: {
    params: z.object({ id: z.uuid().describe('the expense category id') }),
    body: UpdateExpenseCategoryBody,
  },
  output: z.object({ category: ExpenseCategoryView }),
  idempotent: true,
  mcp: { tool: 'update_expense_category', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    category: await updateCategory(ctx.deps.prisma, ctx.actor, params.id, body),
  }),
});
