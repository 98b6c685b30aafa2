import { z } from 'zod';
import { removeTeamMember as remove } from '../../engines/organization/teams';
import { defineOperation } from '../defineOperation';
import { TeamMemberView, TeamView, organizationOperation, readersAndEditors } from './organizationSchemas';

export const removeTeamMember = defineOperation({
  ...organizationOperation,
  name: 'remove_team_member',
  method: 'DELETE',
  path: '/api/organization/teams/{id}/members/{employeeId}',
  access: 'organization:write',
  summary: 'Take an employee out of a team; 404 when they are not in it',
  description: readersAndEditors,
  input: {
    params: z.object({ id: z.uuid().describe('the team id'), employeeId: z.uuid().describe('the member') }),
  },
  output: z.object({ team: TeamView, members: z.array(TeamMemberView) }),
  idempotent: true,
  handler: async (ctx, { params }) => remove(ctx.deps.prisma, ctx.actor, params.id, params.employeeId),
});
