import { z } from 'zod';
import { createTeam as create } from '../../engines/organization/teams';
import { defineOperation } from '../defineOperation';
import { Name, TeamView, organizationOperation, readersAndEditors } from './organizationSchemas';

export const createTeam = defineOperation({
  ...organizationOperation,
  name: 'create_team',
  method: 'POST',
  path: '/api/organization/teams',
  access: 'organization:write',
  summary: 'Add a team, optionally in a department and with a lead',
  description: `${readersAndEditors} Names are unique in the workspace (409).`,
  input: {
    body: z.strictObject({
      name: Name.describe('the team name, unique in the workspace'),
      departmentId: z.uuid().optional().describe('the department it sits in: its members belong to it'),
      leadEmployeeId: z.uuid().optional().describe('the employee who leads it'),
    }),
  },
  output: z.object({ team: TeamView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_team', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ team: await create(ctx.deps.prisma, ctx.actor, body) }),
});
