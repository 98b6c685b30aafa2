import { z } from 'zod';
import { putApprovalFlow } from '../../engines/approvalFlows/flows';
import { defineOperation } from '../defineOperation';
import { ApprovalFlowView, ApprovalStepInput, RequestTypeParam, approvalFlowsOperation } from './approvalFlowSchemas';

export const setApprovalFlow = defineOperation({
  ...approvalFlowsOperation,
  name: 'set_approval_flow',
  method: 'PUT',
  path: '/api/approval-flows/flows/{requestType}',
  access: 'approval-flows:write',
  summary: 'Set the approval flow of a request type (HR): ordered steps by role relation, conditions, due times',
  description:
    'HR_MANAGER, ADMIN and OWNER only (403 otherwise). One to ten steps; the first takes no condition. New ' +
    'requests follow the flow; approvals already open keep the steps they started with. Example: a manager, then ' +
    'HR for leave of more than 10 days: `[{"name":"Manager","approver":"manager"},{"name":"HR","approver":"hr",' +
    '"when":{"daysAbove":10}}]`.',
  input: {
    params: RequestTypeParam,
    body: z.strictObject({
      name: z.string().trim().min(1).max(200).describe('the flow’s name'),
      steps: z.array(ApprovalStepInput).min(1).max(10).describe('the ordered steps, 1 to 10'),
    }),
  },
  output: z.object({ flow: ApprovalFlowView }),
  idempotent: true,
  mcp: { tool: 'set_approval_flow', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    flow: await putApprovalFlow(ctx.deps.prisma, ctx.actor, params.requestType, body),
  }),
});
