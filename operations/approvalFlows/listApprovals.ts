import { z } from 'zod';
import { listApprovals as listAll } from '../../engines/approvalFlows/approvalViews';
import { approvalRequestTypes } from '../../engines/approvalFlows/flowDefinition';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { ApprovalView, approvalFlowsOperation } from './approvalFlowSchemas';

export const listApprovals = defineOperation({
  ...approvalFlowsOperation,
  name: 'list_approvals',
  method: 'GET',
  path: '/api/approval-flows/approvals',
  access: 'approval-flows:read',
  summary: 'Your approvals inbox (what waits for your decision), or the approvals you may see',
  description:
    '`assignee=me&status=PENDING` (the default) is the inbox: approvals whose current step waits for you. ' +
    '`assignee=any` lists every approval you may see (HR: the workspace; others: what they asked, are the subject ' +
    'of, or were asked to decide). A user id: what waits for that person (HR only, 403 otherwise). Oldest first.',
  input: {
    query: z.strictObject({
      assignee: z
        .union([z.enum(['me', 'any']), z.uuid()])
        .default('me')
        .describe('me (default), any, or a user id (HR)'),
      status: z
        .enum(['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'ALL'])
        .default('PENDING')
        .describe('PENDING (default), APPROVED, REJECTED, CANCELLED or ALL'),
      requestType: z.enum(approvalRequestTypes).optional().describe('only approvals of this request type'),
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
      cursor: z.uuid().optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({ approvals: z.array(ApprovalView), nextCursor: NextCursor }),
  mcp: { tool: 'list_approvals', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listAll(ctx.deps.prisma, ctx.actor, {
      assignee: query.assignee,
      status: query.status === 'ALL' ? undefined : query.status,
      requestType: query.requestType,
      limit: query.limit,
      after: query.cursor,
    }),
});
