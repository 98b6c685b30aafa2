import { z } from 'zod';
import { startLifecycleWorkflow } from '../../engines/lifecycle/lifecyclePort';
import { recordTermination as record } from '../../engines/offboarding/terminations';
import { defineOperation } from '../defineOperation';
import { PersonView } from '../people/personSchemas';
import { IsoDateString, ProcessView, TaskView, lifecycleOperation } from '../lifecycle/lifecycleSchemas';
import { auditPersonBody } from '../people/auditPersonBody';
import { personSeal } from '../people/personSeal';

export const recordTermination = defineOperation({
  ...lifecycleOperation('offboarding'),
  name: 'record_termination',
  method: 'POST',
  path: '/api/offboarding/terminations',
  access: 'offboarding:write',
  summary: 'Record that someone leaves (HR) and start their offboarding',
  description:
    'HR_MANAGER, ADMIN and OWNER only; the same as People’s terminate_person (409 when a termination is recorded ' +
    'already). The offboarding’s tasks are due from the last day; at the start of the day after it, the person’s ' +
    'user is deactivated, every credential of theirs revoked (company API keys they made too: HR is told which) ' +
    'and their agent runs cancelled, once. Cancel before then with POST /api/offboarding/processes/{id}/cancel.',
  input: {
    body: z.strictObject({
      employeeId: z.uuid().describe('the leaver (GET /api/people)'),
      lastDay: IsoDateString.describe('the last day of employment, YYYY-MM-DD'),
      reason: z.string().trim().min(1).max(500).describe('why the person leaves (sensitive)'),
    }),
  },
  output: z.object({
    process: ProcessView,
    tasks: z.array(TaskView),
    person: PersonView,
    warnings: z.array(z.string()).describe('what someone should see to next, e.g. reports without a manager'),
  }),
  successStatus: 201,
  // Which sensitive fields changed, not their values (auditPersonBody.ts says why).
  auditBody: auditPersonBody,
  idempotent: true,
  mcp: {
    tool: 'record_termination',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  },
  handler: async (ctx, { body }) =>
    record(ctx.deps.prisma, ctx.actor, body, ctx.deps.config.clock, personSeal(ctx), async (ref) => {
      await startLifecycleWorkflow(ctx.deps.lifecycleProcesses, ref, ctx.log);
    }),
});
