import { z } from 'zod';
import { decideApproval } from '../../engines/approvalFlows/approvalActions';
import type { ApprovalDecision } from '../../engines/approvalFlows/decideApproval';
import { approvalSubjects } from '../../engines/approvalSubjects';
import { defineOperation } from '../defineOperation';
import { afterDecision, ApprovalId, ApprovalView, Comment, approvalFlowsOperation } from './approvalFlowSchemas';

/** `POST /api/approval-flows/approvals/{id}/approve` and `.../reject`: one operation each, alike but for the verb. */
export function approvalDecisionOperation(decision: ApprovalDecision) {
  const verb = decision === 'approve' ? 'Approve' : 'Reject';
  return defineOperation({
    ...approvalFlowsOperation,
    name: `${decision}_approval`,
    method: 'POST',
    path: `/api/approval-flows/approvals/{id}/${decision}`,
    access: 'approval-flows:write',
    summary: `${verb} the step of an approval that waits for you (HR: any step)`,
    description:
      (decision === 'approve'
        ? 'Completes your step; the approval moves on to its next step, or, after the last, the request is ' +
          'approved through its own engine (a leave request: its days move from pending to used). '
        : 'Ends the approval: the request is rejected through its own engine. ') +
      '403 when the step does not wait for you or the request is yours, 404 when you cannot see it, 409 when it ' +
      'has ended.',
    input: { params: ApprovalId, body: z.strictObject({ comment: Comment }) },
    output: z.object({
      approval: ApprovalView,
      outcome: z
        .enum(['waiting', 'approved', 'rejected'])
        .describe('waiting: the next step now waits; approved or rejected: the request was decided'),
    }),
    idempotent: true,
    mcp: { tool: `${decision}_approval`, annotations: { readOnlyHint: false, destructiveHint: false } },
    handler: async (ctx, { params, body }) =>
      decideApproval(
        ctx.deps.prisma,
        approvalSubjects,
        ctx.actor,
        params.id,
        { decision, comment: body.comment || null },
        afterDecision(ctx, { kind: decision }),
      ),
  });
}
