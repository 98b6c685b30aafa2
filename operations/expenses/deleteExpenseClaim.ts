import { deleteExpenseClaim as deleteClaim } from '../../engines/expenses/expenseClaims';
import { defineOperation } from '../defineOperation';
import { Deleted } from '../organization/organizationSchemas';
import { ClaimId, expensesOperation } from './expenseSchemas';

export const deleteExpenseClaim = defineOperation({
  ...expensesOperation,
  name: 'delete_expense_claim',
  method: 'DELETE',
  path: '/api/expenses/claims/{id}',
  access: 'expenses:write',
  summary: 'Delete a draft expense claim (your own, or anyone’s as HR)',
  description: 'Only a DRAFT (409 otherwise: withdraw a submitted claim first). Its receipts stay uploaded.',
  input: { params: ClaimId },
  output: Deleted,
  idempotent: true,
  mcp: { tool: 'delete_expense_claim', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => deleteClaim(ctx.deps.prisma, ctx.actor, params.id),
});
