import { z } from 'zod';
import { startApprovalFlowWorkflow } from '../../engines/approvalFlows/approvalPort';
import { createExpenseClaim as createClaim } from '../../engines/expenses/expenseClaims';
import { defineOperation } from '../defineOperation';
import { CreateExpenseClaimBody, ExpenseClaimView, expensesOperation } from './expenseSchemas';

export const createExpenseClaim = defineOperation({
  ...expensesOperation,
  name: 'create_expense_claim',
  method: 'POST',
  path: '/api/expenses/claims',
  access: 'expenses:write',
  summary: 'Claim expenses for yourself: a title and 1 to 50 lines, as a draft or submitted at once',
  description:
    'The claim is in your pay currency; a line in another currency gives its exchangeRate. A mileage line gives ' +
    'distanceKm instead of an amount. Each line is measured against its category: above a refusing limit 400 ' +
    '(naming lines.<i>.amountMinor), above a flagging one kept with the flag over_limit. With `submit: true` the ' +
    'claim goes for approval at once: 409 when a line lacks a receipt its category requires (nothing is written).',
  input: { body: CreateExpenseClaimBody },
  output: z.object({ claim: ExpenseClaimView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_expense_claim', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({
    claim: await createClaim(ctx.deps.prisma, ctx.actor, body, {
      clock: ctx.deps.config.clock,
      start: async (ref) => {
        await startApprovalFlowWorkflow(ctx.deps.prisma, ctx.deps.approvalFlows, ref, ctx.log);
      },
    }),
  }),
});
