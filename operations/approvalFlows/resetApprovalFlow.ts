import { z } from 'zod';
import { resetApprovalFlow as resetFlow } from '../../engines/approvalFlows/flows';
import { defineOperation } from '../defineOperation';
import { ApprovalFlowView, RequestTypeParam, approvalFlowsOperation } from './approvalFlowSchemas';

export const resetApprovalFlow = defineOperation({
  ...approvalFlowsOperation,
  name: 'reset_approval_flow',
  method: 'DELETE',
  path: '/api/approval-flows/flows/{requestType}',
  access: 'approval-flows:write',
  summary: 'Remove the tenant’s own flow of a request type (HR): new requests follow the built-in flow again',
  description:
    'Use it to undo a customised flow; it answers the built-in flow now in force. Requests already open keep the steps they started with.',
  input: { params: RequestTypeParam },
  output: z.object({ flow: ApprovalFlowView }),
  idempotent: true,
  mcp: { tool: 'reset_approval_flow', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => ({ flow: await resetFlow(ctx.deps.prisma, ctx.actor, params.requestType) }),
});
