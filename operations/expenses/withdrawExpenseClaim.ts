import { z } from 'zod';
import { withdrawExpenseClaim as withdrawClaim } from '../../engines/expenses/expenseSubmission';
import { defineOperation } from '../defineOperation';
import { ClaimId, ExpenseClaimView, expensesOperation } from './expenseSchemas';

export const withdrawExpenseClaim = defineOperation({
  ...expensesOperation,
  name: 'withdraw_expense_claim',
  method: 'POST',
  path: '/api/expenses/claims/{id}/withdraw',
  access: 'expenses:write',
  summary: 'Take a submitted expense claim back to draft, to change or delete it (your own, or anyone’s as HR)',
  description: 'SUBMITTED → DRAFT: its approval is cancelled and those it waited for are told. 409 once decided.',
  input: { params: ClaimId },
  output: z.object({ claim: ExpenseClaimView }),
  idempotent: true,
  mcp: { tool: 'withdraw_expense_claim', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => {
    const { claim, approvalId } = await withdrawClaim(ctx.deps.prisma, ctx.actor, params.id);
    if (approvalId) {
      await ctx.deps.approvalFlows
        ?.notify(
          { tenantId: ctx.actor.tenant.id, instanceId: approvalId },
          { kind: 'changed', byUserId: ctx.actor.user.id },
        )
        .catch((err: unknown) => ctx.log.warn({ err }, 'approval workflow not told of the withdrawal'));
    }
    return { claim };
  },
});
