import { z } from 'zod';
import { updateExpenseClaim as updateClaim } from '../../engines/expenses/expenseClaims';
import { defineOperation } from '../defineOperation';
import { ClaimId, ExpenseClaimView, UpdateExpenseClaimBody, expensesOperation } from './expenseSchemas';

export const updateExpenseClaim = defineOperation({
  ...expensesOperation,
  name: 'update_expense_claim',
  method: 'PATCH',
  path: '/api/expenses/claims/{id}',
  access: 'expenses:write',
  summary: 'Change a draft expense claim: its title and/or all its lines (your own, or anyone’s as HR)',
  description:
    'Only a DRAFT (409 otherwise: withdraw a submitted claim first). `lines` replaces every line, each measured ' +
    'again against its category. 403 for someone else’s claim unless HR; 404 when you cannot see it.',
  input: { params: ClaimId, body: UpdateExpenseClaimBody },
  output: z.object({ claim: ExpenseClaimView }),
  idempotent: true,
  mcp: { tool: 'update_expense_claim', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    claim: await updateClaim(ctx.deps.prisma, ctx.actor, params.id, body, { clock: ctx.deps.config.clock }),
  }),
});
