import { z } from 'zod';
import { findVisibleExpenseClaim } from '../../engines/expenses/expenseClaimViews';
import { defineOperation } from '../defineOperation';
import { ClaimId, ExpenseClaimView, expensesOperation } from './expenseSchemas';

export const getExpenseClaim = defineOperation({
  ...expensesOperation,
  name: 'get_expense_claim',
  method: 'GET',
  path: '/api/expenses/claims/{id}',
  access: 'expenses:read',
  summary: 'One expense claim with its lines, of someone you may see',
  description:
    "Use it to read a claim's lines (category, date, description, amount, exchange rate, receipt), its total, status, policy flags, the decision and when it was reimbursed. The id comes from the expense claim list.",
  input: { params: ClaimId },
  output: z.object({ claim: ExpenseClaimView }),
  mcp: { tool: 'get_expense_claim', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    claim: (await findVisibleExpenseClaim(ctx.deps.prisma, ctx.actor, params.id)).view,
  }),
});
