import { z } from 'zod';
import { listApprovalFlows as listFlows } from '../../engines/approvalFlows/flows';
import { defineOperation } from '../defineOperation';
import { ApprovalFlowView, approvalFlowsOperation } from './approvalFlowSchemas';

export const listApprovalFlows = defineOperation({
  ...approvalFlowsOperation,
  name: 'list_approval_flows',
  method: 'GET',
  path: '/api/approval-flows/flows',
  access: 'approval-flows:read',
  summary: 'The approval flow of each request type: the tenant’s own, or the built-in one',
  description: 'Everyone with approval-flows:read reads them; HR_MANAGER, ADMIN and OWNER change them.',
  input: {},
  output: z.object({ flows: z.array(ApprovalFlowView) }),
  mcp: { tool: 'list_approval_flows', annotations: { readOnlyHint: true } },
  handler: async (ctx) => ({ flows: await listFlows(ctx.deps.prisma, ctx.actor) }),
});
