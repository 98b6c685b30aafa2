import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { updatePerson as updateEmployee } from '../../engines/people/updatePerson';
import { defineOperation } from '../defineOperation';
import { PersonChangeBody, PersonId, PersonView } from './personSchemas';
import { auditPersonBody } from './auditPersonBody';
import { personSeal } from './personSeal';

export const updatePerson = defineOperation({
  name: 'update_person',
  method: 'PATCH',
  path: '/api/people/{id}',
  access: 'people:write',
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: People',
  summary: 'Change some fields of an employee; null clears an optional one',
  description:
    'HR_MANAGER, ADMIN and OWNER change any field; a person changes their own phone, homeAddress and ' +
    'bankAccountIban. Another field answers 403 naming it, and nothing is written. A new manager must not make a ' +
    'cycle. Emits `people.employee.updated` naming the changed fields.',
  input: { params: PersonId, body: PersonChangeBody },
  output: z.object({ person: PersonView }),
  // Which sensitive fields changed, not their values (auditPersonBody.ts says why).
  auditBody: auditPersonBody,
  idempotent: true,
  // An agent tool too: a write, so the agent's call waits for a person's approval.
  mcp: {
    tool: 'update_person',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  handler: async (ctx, { params, body }) => ({
    person: await updateEmployee(ctx.deps.prisma, ctx.actor, params.id, body, ctx.deps.config.clock, personSeal(ctx)),
  }),
});
