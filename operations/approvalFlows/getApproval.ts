import { z } from 'zod';
import { approvalViewsOf, findVisibleApproval } from '../../engines/approvalFlows/approvalViews';
import { defineOperation } from '../defineOperation';
import { ApprovalId, ApprovalView, approvalFlowsOperation } from './approvalFlowSchemas';

export const getApproval = defineOperation({
  ...approvalFlowsOperation,
  name: 'get_approval',
  method: 'GET',
  path: '/api/approval-flows/approvals/{id}',
  access: 'approval-flows:read',
  summary: 'One approval: its steps, who was asked, who decided and what they said',
  description: '404 for an approval you may not see (HR sees all; others what they asked, are, or decide).',
  input: { params: ApprovalId },
  output: z.object({ approval: ApprovalView }),
  mcp: { tool: 'get_approval', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => {
    const instance = await findVisibleApproval(ctx.deps.prisma, ctx.actor, params.id);
    const [approval] = await approvalViewsOf(ctx.deps.prisma, [instance]);
    return { approval: approval! };
  },
});
