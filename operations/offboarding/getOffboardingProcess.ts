import { getProcess } from '../../engines/lifecycle/processes';
import { defineOperation } from '../defineOperation';
import { IdParam, ProcessWithTasks, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const getOffboardingProcess = defineOperation({
  ...lifecycleOperation('offboarding'),
  name: 'get_offboarding_process',
  method: 'GET',
  path: '/api/offboarding/processes/{id}',
  access: 'offboarding:read',
  summary: 'One offboarding process with its tasks and their due dates',
  description:
    'Who sees the person (HR, the person, their line) reads every task; someone with a task in it and nothing ' +
    'more reads only their own tasks. 404 for a process you may not read.',
  input: { params: IdParam },
  output: ProcessWithTasks,
  mcp: { tool: 'get_offboarding_process', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => getProcess(ctx.deps.prisma, ctx.actor, 'offboarding', params.id),
});
