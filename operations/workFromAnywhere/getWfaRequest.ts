import { z } from 'zod';
import { findVisibleWfaRequest } from '../../engines/workFromAnywhere/wfaRequests';
import { defineOperation } from '../defineOperation';
import { WfaRequestId, WfaRequestView, wfaOperation } from './wfaSchemas';

export const getWorkFromAnywhereRequest = defineOperation({
  ...wfaOperation,
  name: 'get_work_from_anywhere_request',
  method: 'GET',
  path: '/api/work-from-anywhere/requests/{id}',
  access: 'work-from-anywhere:read',
  summary: 'One Work From Anywhere request of someone you may see',
  description:
    'Use it to read one request to work from abroad: country and city, dates, days counted against the allowance, reason, policy breaches, status and the decision.',
  input: { params: WfaRequestId },
  output: z.object({ request: WfaRequestView }),
  mcp: { tool: 'get_work_from_anywhere_request', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    request: (await findVisibleWfaRequest(ctx.deps.prisma, ctx.actor, params.id)).view,
  }),
});
