import { z } from 'zod';
import { listExpenseClaims as listClaims } from '../../engines/expenses/expenseClaimViews';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { ExpenseClaimStatus, ExpenseClaimSummary, expensesOperation } from './expenseSchemas';

export const listExpenseClaims = defineOperation({
  ...expensesOperation,
  name: 'list_expense_claims',
  method: 'GET',
  path: '/api/expenses/claims',
  access: 'expenses:read',
  summary: 'Expense claims of the people you may see, newest first (without their lines)',
  description: 'Yourself as an employee, your team as a manager, your department as a director, everyone as HR.',
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('only this employee’s'),
      status: ExpenseClaimStatus.optional().describe('only claims in this status'),
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
      cursor: z.uuid().optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({ claims: z.array(ExpenseClaimSummary), nextCursor: NextCursor }),
  mcp: { tool: 'list_expense_claims', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listClaims(ctx.deps.prisma, ctx.actor, {
      employeeId: query.employeeId,
      status: query.status,
      limit: query.limit,
      after: query.cursor,
    }),
});
