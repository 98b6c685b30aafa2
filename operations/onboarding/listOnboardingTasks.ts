import { z } from 'zod';
import { listTasks } from '../../engines/lifecycle/processes';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { PageQuery, TaskStatus, TaskView, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const listOnboardingTasks = defineOperation({
  ...lifecycleOperation('onboarding'),
  name: 'list_onboarding_tasks',
  method: 'GET',
  path: '/api/onboarding/tasks',
  access: 'onboarding:read',
  summary: 'Onboarding tasks waiting for you (`assignee=me`) or for HR (`assignee=hr`)',
  description:
    '`me`: the tasks assigned to you, in every onboarding. `hr`: the tasks without an assignee, which anyone in HR does ' +
    '(HR_MANAGER, ADMIN, OWNER only). Open ones unless `status` says otherwise.',
  input: {
    query: z.strictObject({
      assignee: z.enum(['me', 'hr']).default('me').describe('me (default) or hr'),
      status: TaskStatus.optional().describe('default OPEN'),
      ...PageQuery,
    }),
  },
  output: z.object({ tasks: z.array(TaskView), nextCursor: NextCursor }),
  mcp: { tool: 'list_onboarding_tasks', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listTasks(ctx.deps.prisma, ctx.actor, 'onboarding', {
      assignee: query.assignee,
      status: query.status,
      limit: query.limit,
      after: query.cursor,
    }),
});
