import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { startOnboardingWorkflow } from '../../engines/lifecycle/onboardingStart';
import { createPerson as createEmployee } from '../../engines/people/createPerson';
import { defineOperation } from '../defineOperation';
import { NewPersonBody, PersonView } from './personSchemas';
import { auditPersonBody } from './auditPersonBody';
import { personSeal } from './personSeal';

export const createPerson = defineOperation({
  name: 'create_person',
  method: 'POST',
  path: '/api/people',
  access: 'people:write',
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: People',
  summary: 'Add an employee (HR_MANAGER, ADMIN, OWNER); they get the next employee number',
  description:
    'The manager and the department must be the workspace’s; an e-mail address another employee has answers 409. ' +
    'Emits `people.employee.created` and tells the manager. With `startOnboarding`, their onboarding begins too (its ' +
    'tasks due from the hire date: see /api/onboarding).',
  input: {
    body: NewPersonBody.extend({
      startOnboarding: z.boolean().optional().describe('start their onboarding from the hire date (default false)'),
    }),
  },
  output: z.object({
    person: PersonView,
    onboardingProcessId: z.uuid().optional().describe('their onboarding process, with startOnboarding'),
  }),
  successStatus: 201,
  // Which sensitive fields changed, not their values (auditPersonBody.ts says why).
  auditBody: auditPersonBody,
  idempotent: true,
  // An agent tool too: a write, so the agent's call waits for a person's approval.
  mcp: {
    tool: 'create_person',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  handler: async (ctx, { body }) => {
    const { startOnboarding, ...person } = body;
    const created = await createEmployee(ctx.deps.prisma, ctx.actor, person, ctx.deps.config.clock, personSeal(ctx), {
      startOnboarding: startOnboarding ?? false,
    });
    if (created.onboardingProcessId === null) return { person: created.person };
    await startOnboardingWorkflow(
      ctx.deps.lifecycleProcesses,
      ctx.actor.tenant.id,
      created.onboardingProcessId,
      ctx.log,
    );
    return { person: created.person, onboardingProcessId: created.onboardingProcessId };
  },
});
