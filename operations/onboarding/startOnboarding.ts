import { z } from 'zod';
import { startLifecycleWorkflow } from '../../engines/lifecycle/lifecyclePort';
import { startOnboardingByHand } from '../../engines/lifecycle/processes';
import { defineOperation } from '../defineOperation';
import { IsoDateString, ProcessWithTasks, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const startOnboarding = defineOperation({
  ...lifecycleOperation('onboarding'),
  name: 'start_onboarding',
  method: 'POST',
  path: '/api/onboarding/processes',
  access: 'onboarding:write',
  summary: 'Start a person’s onboarding by hand (HR): tasks due from their start date',
  description:
    'HR_MANAGER, ADMIN and OWNER only. Tasks come from `templateId`, else the default template of the person’s ' +
    'department, else the default one, else the built-in list. Once per person: 409 when they have one (a hire ' +
    'through ATS starts it by itself). Its workflow reminds the assignees the day before a task is due and the ' +
    'day after.',
  input: {
    body: z.strictObject({
      employeeId: z.uuid().describe('the new hire (GET /api/people)'),
      startDate: IsoDateString.optional().describe('YYYY-MM-DD; default: their hire date'),
      templateId: z.uuid().optional().describe('an onboarding template; default: as above'),
    }),
  },
  output: ProcessWithTasks,
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'start_onboarding', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) =>
    startOnboardingByHand(ctx.deps.prisma, ctx.actor, body, async (ref) => {
      await startLifecycleWorkflow(ctx.deps.lifecycleProcesses, ref, ctx.log);
    }),
});
