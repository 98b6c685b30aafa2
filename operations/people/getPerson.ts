import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { getPerson as getVisiblePerson } from '../../engines/people/getPerson';
import { defineOperation } from '../defineOperation';
import { PersonId, PersonView } from './personSchemas';
import { personSeal } from './personSeal';

export const getPerson = defineOperation({
  name: 'get_person',
  method: 'GET',
  path: '/api/people/{id}',
  access: 'people:read',
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: People',
  summary: 'Read one employee: employment details, and personal details where your role allows',
  description:
    'Answers 404 for anyone you may not see (your role decides: yourself, your team, your department, the ' +
    'workspace). Sensitive fields are present only for HR_MANAGER, ADMIN, OWNER and the person themself.',
  input: { params: PersonId },
  output: z.object({ person: PersonView }),
  mcp: { tool: 'get_person', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    person: await getVisiblePerson(ctx.deps.prisma, ctx.actor, params.id, ctx.deps.config.clock, personSeal(ctx)),
  }),
});
