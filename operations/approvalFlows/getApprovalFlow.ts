import { z } from 'zod';
import { getApprovalFlow as getFlow } from '../../engines/approvalFlows/flows';
import { defineOperation } from '../defineOperation';
import { ApprovalFlowView, RequestTypeParam, approvalFlowsOperation } from './approvalFlowSchemas';

export const getApprovalFlow = defineOperation({
  ...approvalFlowsOperation,
  name: 'get_approval_flow',
  method: 'GET',
  path: '/api/approval-flows/flows/{requestType}',
  access: 'approval-flows:read',
  summary: 'The approval flow of one request type (steps, conditions, timings)',
  description:
    "Use it to see who approves a request type: the ordered steps, each step's approver, the conditions that apply it and its reminder and escalation timings; `configured` says whether it is the workspace's own flow or the built-in one.",
  input: { params: RequestTypeParam },
  output: z.object({ flow: ApprovalFlowView }),
  mcp: { tool: 'get_approval_flow', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ flow: await getFlow(ctx.deps.prisma, ctx.actor, params.requestType) }),
});
