import { z } from 'zod';
import { AppError } from '../../engines/appError';
import { findVisibleExpenseClaim } from '../../engines/expenses/expenseClaimViews';
import { storedFileAnswer } from '../storedFileAnswer';
import { defineOperation, type StreamAnswer } from '../defineOperation';
import { expensesOperation } from './expenseSchemas';

export const downloadExpenseReceipt = defineOperation({
  ...expensesOperation,
  name: 'download_expense_receipt',
  method: 'GET',
  path: '/api/expenses/claims/{id}/lines/{lineId}/receipt',
  access: 'expenses:read',
  summary: 'Download the receipt of an expense line, for whoever may see the claim',
  description:
    'Answers the file with its Content-Type, `Content-Disposition: attachment` with its name, and `ETag` (its ' +
    'SHA-256); `If-None-Match` with that ETag answers 304. 404 for a claim you cannot see, or a line without one.',
  input: {
    params: z.object({
      id: z.uuid().describe('the expense claim id'),
      lineId: z.uuid().describe('the line id (lines[].id of the claim)'),
    }),
    headers: z.object({
      'if-none-match': z.string().max(1000).optional().describe('the ETag of a copy you hold: 304 when unchanged'),
    }),
  },
  output: z.custom<StreamAnswer>().describe("the receipt's bytes"),
  response: 'stream',
  otherResponses: {
    304: 'not modified: the If-None-Match ETag is current',
    404: 'not_found: no such claim among those you may see, or no receipt on that line',
  },
  handler: async (ctx, { params, headers }): Promise<StreamAnswer> => {
    const { view } = await findVisibleExpenseClaim(ctx.deps.prisma, ctx.actor, params.id);
    const line = view.lines.find((l) => l.id === params.lineId);
    if (!line) throw new AppError('not_found', `No line ${params.lineId} on expense claim ${params.id}`);
    const receiptId = line.receipt?.attachmentId;
    const row = receiptId
      ? await ctx.deps.prisma.agentAttachment.findFirst({ where: { id: receiptId, tenantId: ctx.actor.tenant.id } })
      : null;
    if (!row) throw new AppError('not_found', `Line ${line.position} of expense claim ${params.id} has no receipt`);
    return storedFileAnswer(ctx.deps.config, row, headers?.['if-none-match']);
  },
});
