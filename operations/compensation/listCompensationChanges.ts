import { z } from 'zod';
import { listCompensationChanges as list } from '../../engines/compensation/compensationChanges';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { ChangeView, CompensationChangeStatus, compensationOperation } from './compensationSchemas';

export const listCompensationChanges = defineOperation({
  ...compensationOperation,
  name: 'list_compensation_changes',
  method: 'GET',
  path: '/api/compensation/changes',
  access: 'compensation:read',
  summary: 'Compensation change proposals you may read, newest first',
  description:
    'HR reads all; anyone the ones they proposed or were asked to approve; managers and directors those of the ' +
    'people they see where the compensation settings allow it. Never your own: you see your salary once it applies.',
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('only this person’s'),
      status: CompensationChangeStatus.optional().describe('only proposals in this status'),
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
      cursor: z.uuid().optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({ changes: z.array(ChangeView), nextCursor: NextCursor }),
  mcp: { tool: 'list_compensation_changes', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, {
      employeeId: query.employeeId,
      status: query.status,
      limit: query.limit,
      after: query.cursor,
    }),
});
