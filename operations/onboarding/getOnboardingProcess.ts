import { getProcess } from '../../engines/lifecycle/processes';
import { defineOperation } from '../defineOperation';
import { IdParam, ProcessWithTasks, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const getOnboardingProcess = defineOperation({
  ...lifecycleOperation('onboarding'),
  name: 'get_onboarding_process',
  method: 'GET',
  path: '/api/onboarding/processes/{id}',
  access: 'onboarding:read',
  summary: 'One onboarding process with its tasks and their due dates',
  description:
    'Who sees the person (HR, the person, their line) reads every task; someone with a task in it and nothing ' +
    'more reads only their own tasks. 404 for a process you may not read.',
  input: { params: IdParam },
  output: ProcessWithTasks,
  mcp: { tool: 'get_onboarding_process', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => getProcess(ctx.deps.prisma, ctx.actor, 'onboarding', params.id),
});
