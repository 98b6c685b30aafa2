import { z } from 'zod';
import { delegateApproval as delegate } from '../../engines/approvalFlows/approvalActions';
import { approvalSubjects } from '../../engines/approvalSubjects';
import { defineOperation } from '../defineOperation';
import { afterDecision, ApprovalId, ApprovalView, Comment, approvalFlowsOperation } from './approvalFlowSchemas';

export const delegateApproval = defineOperation({
  ...approvalFlowsOperation,
  name: 'delegate_approval',
  method: 'POST',
  path: '/api/approval-flows/approvals/{id}/delegate',
  access: 'approval-flows:write',
  summary: 'Hand your part of an approval’s current step to someone else, who is told at once',
  description:
    'Only someone the step waits for can delegate (403 otherwise). The delegate must be an active user of the ' +
    'workspace, not the person the request is for, and not already asked (400 naming userId).',
  input: {
    params: ApprovalId,
    body: z.strictObject({
      userId: z.uuid().describe('the user who decides instead of you'),
      comment: Comment,
    }),
  },
  output: z.object({ approval: ApprovalView }),
  idempotent: true,
  mcp: { tool: 'delegate_approval', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    approval: await delegate(
      ctx.deps.prisma,
      approvalSubjects,
      ctx.actor,
      params.id,
      { toUserId: body.userId, comment: body.comment || null },
      afterDecision(ctx, { kind: 'delegate', toUserId: body.userId }),
    ),
  }),
});
