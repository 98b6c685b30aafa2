import { z } from 'zod';
import { startApprovalFlowWorkflow } from '../../engines/approvalFlows/approvalPort';
import { createWfaRequest } from '../../engines/workFromAnywhere/wfaRequests';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { WfaCountry, WfaRequestView, wfaOperation } from './wfaSchemas';

export const createWorkFromAnywhereRequest = defineOperation({
  ...wfaOperation,
  name: 'create_work_from_anywhere_request',
  method: 'POST',
  path: '/api/work-from-anywhere/requests',
  access: 'work-from-anywhere:write',
  summary: 'Ask to work from another country or city for some days',
  description:
    'Days are calendar days, counted against the yearly allowance. Over the allowance or to a country the policy ' +
    'does not allow, the request is a policy breach (`breaches`) and needs HR’s approval after the manager’s. 409 ' +
    'when it overlaps another open request of yours; decided through /api/approval-flows.',
  input: {
    body: z.strictObject({
      country: WfaCountry,
      city: z.string().trim().min(1).max(100).describe('the city'),
      startDate: IsoDateString.describe('the first day, YYYY-MM-DD, today or later'),
      endDate: IsoDateString.describe('the last day, YYYY-MM-DD'),
      reason: z.string().trim().max(500).optional().describe('why, for the approvers'),
    }),
  },
  output: z.object({ request: WfaRequestView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_work_from_anywhere_request', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({
    request: await createWfaRequest(ctx.deps.prisma, ctx.actor, body, {
      clock: ctx.deps.config.clock,
      start: async (ref) => {
        await startApprovalFlowWorkflow(ctx.deps.prisma, ctx.deps.approvalFlows, ref, ctx.log);
      },
    }),
  }),
});
