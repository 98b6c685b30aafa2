import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { listPeople as listVisiblePeople } from '../../engines/people/listPeople';
import { defineOperation } from '../defineOperation';
import { MAX_INT32, pageCursor } from '../pageCursor';

export const listPeople = defineOperation({
  name: 'list_people',
  method: 'GET',
  path: '/api/people',
  access: 'people:read',
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: People',
  summary: 'List the employees you may see, by employee number, a page at a time',
  description:
    'A company API key sees what its creator’s live role allows; a personal access token or a delegated ' +
    'credential what its user’s does. x-tenant-id, when sent, must be the credential’s workspace. Errors ' +
    'answer `{ error, reason }`.',
  input: {
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
      cursor: pageCursor(MAX_INT32).optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({
    people: z.array(
      z.object({
        id: z.uuid(),
        employeeId: z.number().int().describe('the employee number'),
        name: z.string(),
        email: z.string(),
        jobTitle: z.string(),
        department: z.string().nullable(),
        manager: z.string().nullable().describe("the manager's name"),
        status: z.enum(['active', 'leaving', 'terminated']),
      }),
    ),
    nextCursor: z.string().nullable().describe('pass as cursor for the next page; null on the last page'),
  }),
  mcp: { tool: 'list_people', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    return listVisiblePeople(ctx.deps.prisma, ctx.actor, ctx.deps.config.clock, {
      limit: query.limit,
      after: query.cursor === undefined ? undefined : Number(query.cursor),
    });
  },
});
