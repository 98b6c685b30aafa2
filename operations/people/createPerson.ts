import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { createPerson as createEmployee } from '../../engines/people/createPerson';
import { defineOperation } from '../defineOperation';
import { NewPersonBody, PersonView } from './personSchemas';

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
    'Emits `people.employee.created` and tells the manager.',
  input: { body: NewPersonBody },
  output: z.object({ person: PersonView }),
  successStatus: 201,
  idempotent: true,
  // An agent tool too: a write, so the agent's call waits for a person's approval.
  mcp: {
    tool: 'create_person',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  handler: async (ctx, { body }) => ({
    person: await createEmployee(ctx.deps.prisma, ctx.actor, body, ctx.deps.config.clock),
  }),
});
