import { z } from 'zod';
import { listWfaRequests } from '../../engines/workFromAnywhere/wfaRequests';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { WfaRequestView, WfaStatus, wfaOperation } from './wfaSchemas';

export const listWorkFromAnywhereRequests = defineOperation({
  ...wfaOperation,
  name: 'list_work_from_anywhere_requests',
  method: 'GET',
  path: '/api/work-from-anywhere/requests',
  access: 'work-from-anywhere:read',
  summary: 'Work From Anywhere requests of the people you may see, newest first',
  description:
    'Use it to find requests to work from another country, by person or status; each has its country, city, dates, days, reason, status and any policy breaches.',
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('only this employee’s'),
      status: WfaStatus.optional().describe('only requests in this status'),
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
      cursor: z.uuid().optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({ requests: z.array(WfaRequestView), nextCursor: NextCursor }),
  mcp: { tool: 'list_work_from_anywhere_requests', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listWfaRequests(ctx.deps.prisma, ctx.actor, {
      employeeId: query.employeeId,
      status: query.status,
      limit: query.limit,
      after: query.cursor,
    }),
});
