import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { startLifecycleWorkflow } from '../../engines/lifecycle/lifecyclePort';
import { terminatePerson as terminateEmployee } from '../../engines/people/terminatePerson';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { PersonId, PersonView } from './personSchemas';
import { auditPersonBody } from './auditPersonBody';
import { personSeal } from './personSeal';

export const terminatePerson = defineOperation({
  name: 'terminate_person',
  method: 'POST',
  path: '/api/people/{id}/terminate',
  access: 'people:write',
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: People',
  summary: 'Record that an employee leaves: the last day and why (HR_MANAGER, ADMIN, OWNER)',
  description:
    'Once per person: a second termination answers 409 with the recorded last day. The person is `leaving` until ' +
    'the last day has passed, then `terminated`; warns when people still report to them. Emits ' +
    '`people.employee.terminated` and tells their manager. Starts the person’s offboarding (its tasks, and on the ' +
    'day after the last day their user deactivated and every credential revoked): see /api/offboarding.',
  input: {
    params: PersonId,
    body: z.strictObject({
      terminationDate: IsoDateString.describe('the last day of employment, YYYY-MM-DD'),
      reason: z.string().trim().min(1).max(500).describe('why the person leaves (sensitive)'),
    }),
  },
  output: z.object({
    person: PersonView,
    warnings: z.array(z.string()).describe('what someone should see to next, e.g. reports without a manager'),
  }),
  // Which sensitive fields changed, not their values (auditPersonBody.ts says why).
  auditBody: auditPersonBody,
  idempotent: true,
  // An agent tool too: a write, so the agent's call waits for a person's approval.
  mcp: {
    tool: 'terminate_person',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  },
  handler: async (ctx, { params, body }) => {
    const { person, warnings, offboardingProcessId } = await terminateEmployee(
      ctx.deps.prisma,
      ctx.actor,
      params.id,
      body,
      ctx.deps.config.clock,
      personSeal(ctx),
    );
    await startLifecycleWorkflow(
      ctx.deps.lifecycleProcesses,
      { tenantId: ctx.actor.tenant.id, processId: offboardingProcessId, kind: 'offboarding' },
      ctx.log,
    );
    return { person, warnings };
  },
});
