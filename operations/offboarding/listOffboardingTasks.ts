import { z } from 'zod';
import { listTasks } from '../../engines/lifecycle/processes';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { PageQuery, TaskStatus, TaskView, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const listOffboardingTasks = defineOperation({
  ...lifecycleOperation('offboarding'),
  name: 'list_offboarding_tasks',
  method: 'GET',
  path: '/api/offboarding/tasks',
  access: 'offboarding:read',
  summary: 'Offboarding tasks waiting for you (`assignee=me`) or for HR (`assignee=hr`)',
  description:
    '`me`: the tasks assigned to you, in every offboarding. `hr`: the tasks without an assignee, which anyone in HR does ' +
    '(HR_MANAGER, ADMIN, OWNER only). Open ones unless `status` says otherwise.',
  input: {
    query: z.strictObject({
      assignee: z.enum(['me', 'hr']).default('me').describe('me (default) or hr'),
      status: TaskStatus.optional().describe('default OPEN'),
      ...PageQuery,
    }),
  },
  output: z.object({ tasks: z.array(TaskView), nextCursor: NextCursor }),
  mcp: { tool: 'list_offboarding_tasks', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listTasks(ctx.deps.prisma, ctx.actor, 'offboarding', {
      assignee: query.assignee,
      status: query.status,
      limit: query.limit,
      after: query.cursor,
    }),
});
