import { notifyLifecycleWorkflow } from '../../engines/lifecycle/lifecyclePort';
import { cancelTermination as cancel } from '../../engines/offboarding/terminations';
import { defineOperation } from '../defineOperation';
import { IdParam, ProcessWithTasks, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const cancelTermination = defineOperation({
  ...lifecycleOperation('offboarding'),
  name: 'cancel_termination',
  method: 'POST',
  path: '/api/offboarding/processes/{id}/cancel',
  access: 'offboarding:write',
  summary: 'Cancel a termination before the last day is over (HR): the person stays',
  description:
    'HR_MANAGER, ADMIN and OWNER only. The offboarding is CANCELLED and People’s termination withdrawn (the ' +
    'person is active again); nothing happens on the day. 409 once the last day is over (the user was ' +
    'deactivated) or when it is cancelled already.',
  input: { params: IdParam },
  output: ProcessWithTasks,
  idempotent: true,
  mcp: { tool: 'cancel_termination', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => {
    const { result, ref } = await cancel(ctx.deps.prisma, ctx.actor, params.id, ctx.deps.config.clock);
    await notifyLifecycleWorkflow(ctx.deps.lifecycleProcesses, ref, ctx.log);
    return result;
  },
});
