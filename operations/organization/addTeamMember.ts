import { z } from 'zod';
import { addTeamMember as add } from '../../engines/organization/teams';
import { defineOperation } from '../defineOperation';
import { RecordId, TeamMemberView, TeamView, organizationOperation, readersAndEditors } from './organizationSchemas';

export const addTeamMember = defineOperation({
  ...organizationOperation,
  name: 'add_team_member',
  method: 'POST',
  path: '/api/organization/teams/{id}/members',
  access: 'organization:write',
  summary: 'Add an employee to a team (a member stays one); they join the team’s department',
  description: readersAndEditors,
  input: {
    params: RecordId,
    body: z.strictObject({ employeeId: z.uuid().describe('an employee of the workspace') }),
  },
  output: z.object({ team: TeamView, members: z.array(TeamMemberView) }),
  idempotent: true,
  mcp: { tool: 'add_team_member', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true } },
  handler: async (ctx, { params, body }) => add(ctx.deps.prisma, ctx.actor, params.id, body.employeeId),
});
