import { z } from 'zod';
import { listProcesses } from '../../engines/lifecycle/processes';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { PageQuery, ProcessStatus, ProcessView, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const listOffboardingProcesses = defineOperation({
  ...lifecycleOperation('offboarding'),
  name: 'list_offboarding_processes',
  method: 'GET',
  path: '/api/offboarding/processes',
  access: 'offboarding:read',
  summary: 'Offboarding processes you may read, oldest first',
  description:
    'HR reads all; a manager or director those of the people they see; everyone their own and those with a task ' +
    'assigned to them.',
  input: {
    query: z.strictObject({
      status: ProcessStatus.optional().describe('only processes in this status'),
      employeeId: z.uuid().optional().describe('only this person’s'),
      ...PageQuery,
    }),
  },
  output: z.object({ processes: z.array(ProcessView), nextCursor: NextCursor }),
  mcp: { tool: 'list_offboarding_processes', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listProcesses(ctx.deps.prisma, ctx.actor, 'offboarding', {
      status: query.status,
      employeeId: query.employeeId,
      limit: query.limit,
      after: query.cursor,
    }),
});
