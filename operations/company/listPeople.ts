import { z } from 'zod';
import { listPeople as listVisiblePeople } from '../../engines/people/listPeople';
import { defineOperation } from '../defineOperation';
import { MAX_INT32, pageCursor } from '../pageCursor';

export const listPeople = defineOperation({
  name: 'list_people',
  method: 'GET',
  path: '/api/people',
  access: 'any',
  credentials: ['company_api_key'],
  errorStyle: 'company',
  tag: 'Company API: People',
  summary: "List employees (company API key): those the key's creator may see, a page at a time",
  description:
    'Authenticate with a company API key. Send x-tenant-id (the workspace uuid) where several workspaces are in ' +
    'play; a key answers only for its own workspace. Errors answer `{ error, reason }`.',
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
      }),
    ),
    nextCursor: z.string().nullable().describe('pass as cursor for the next page; null on the last page'),
  }),
  handler: async (ctx, { query }) => {
    return listVisiblePeople(ctx.deps.prisma, ctx.actor, {
      limit: query.limit,
      after: query.cursor === undefined ? undefined : Number(query.cursor),
    });
  },
});
