import { z } from 'zod';
import { notifyLifecycleWorkflow } from '../../engines/lifecycle/lifecyclePort';
import { closeTask } from '../../engines/lifecycle/processes';
import { defineOperation } from '../defineOperation';
import { IdParam, ProcessView, TaskView, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const completeOnboardingTask = defineOperation({
  ...lifecycleOperation('onboarding'),
  name: 'complete_onboarding_task',
  method: 'POST',
  path: '/api/onboarding/tasks/{id}/complete',
  access: 'onboarding:write',
  summary: 'Complete a onboarding task (its assignee or HR)',
  description:
    '409 unless the task is OPEN and its process ACTIVE. When no task is left open the process COMPLETES: the ' +
    'person’s manager and HR are told, and `onboarding.process.completed` goes out.',
  input: { params: IdParam },
  output: z.object({ task: TaskView, process: ProcessView }),
  idempotent: true,
  mcp: { tool: 'complete_onboarding_task', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => {
    const { task, process, ref } = await closeTask(
      ctx.deps.prisma,
      ctx.actor,
      'onboarding',
      params.id,
      'DONE',
      new Date(),
    );
    await notifyLifecycleWorkflow(ctx.deps.lifecycleProcesses, ref, ctx.log);
    return { task, process };
  },
});
