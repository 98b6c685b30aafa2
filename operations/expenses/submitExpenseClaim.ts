import { z } from 'zod';
import { startApprovalFlowWorkflow } from '../../engines/approvalFlows/approvalPort';
import { submitExpenseClaim as submitClaim } from '../../engines/expenses/expenseSubmission';
import { defineOperation } from '../defineOperation';
import { ClaimId, ExpenseClaimView, expensesOperation } from './expenseSchemas';

export const submitExpenseClaim = defineOperation({
  ...expensesOperation,
  name: 'submit_expense_claim',
  method: 'POST',
  path: '/api/expenses/claims/{id}/submit',
  access: 'expenses:write',
  summary: 'Submit a draft expense claim for approval (your own, or anyone’s as HR)',
  description:
    'DRAFT → SUBMITTED. 409 naming each line that lacks a receipt its category requires, or whose category is no ' +
    'longer active. The built-in flow asks the manager, and HR too above 500.00 (in the claim’s currency); ' +
    'decided through /api/approval-flows.',
  input: { params: ClaimId },
  output: z.object({ claim: ExpenseClaimView }),
  idempotent: true,
  mcp: { tool: 'submit_expense_claim', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => ({
    claim: await submitClaim(ctx.deps.prisma, ctx.actor, params.id, {
      start: async (ref) => {
        await startApprovalFlowWorkflow(ctx.deps.prisma, ctx.deps.approvalFlows, ref, ctx.log);
      },
    }),
  }),
});
