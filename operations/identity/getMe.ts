import { z } from 'zod';
import { roles } from '../../engines/access/roles';
import { defineOperation } from '../defineOperation';

export const Me = z.object({
  token: z.object({
    name: z.string().describe('name given at creation'),
    scopes: z.array(z.string()).describe('scopes the token carries'),
  }),
  user: z.object({
    id: z.uuid().describe('the user the token acts as'),
    name: z.string(),
    email: z.string(),
    role: z.enum(roles).describe("the user's live role in the workspace"),
  }),
  tenant: z.object({ id: z.uuid(), name: z.string() }).describe('the workspace'),
  employee_id: z.number().int().nullable().describe("the user's employee number, null for a user without one"),
});

export const getMe = defineOperation({
  name: 'get_me',
  method: 'GET',
  path: '/api/v1/me',
  access: 'any',
  tag: 'Identity',
  summary: 'Who this token acts as: the token, the user, the workspace and the employee number',
  description:
    'Call it first to learn whose data the other tools act on: the user’s name and e-mail, their live role ' +
    '(EMPLOYEE, MANAGER, DIRECTOR, HR_MANAGER, ADMIN or OWNER, which decides whose records they see: their own, ' +
    'their team’s, their department’s or the whole workspace’s) and the token’s scopes, which decide the tools it ' +
    'may call. Any token may call it.',
  input: {},
  output: Me,
  mcp: { tool: 'get_me', annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false } },
  handler: async (ctx) => {
    const { actor } = ctx;
    return {
      token: { name: actor.credential.name, scopes: [...actor.credential.scopes] },
      user: actor.user,
      tenant: actor.tenant,
      employee_id: actor.employee?.number ?? null,
    };
  },
});
