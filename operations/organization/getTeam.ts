import { z } from 'zod';
import { getTeam as getOne } from '../../engines/organization/teams';
import { defineOperation } from '../defineOperation';
import { RecordId, TeamMemberView, TeamView, organizationOperation } from './organizationSchemas';

export const getTeam = defineOperation({
  ...organizationOperation,
  name: 'get_team',
  method: 'GET',
  path: '/api/organization/teams/{id}',
  access: 'organization:read',
  summary: 'Read a team and its members',
  description:
    'Members are listed as far as your role lets you see people (yourself, your team, your department, the ' +
    'workspace); memberCount counts them all.',
  input: { params: RecordId },
  output: z.object({ team: TeamView, members: z.array(TeamMemberView) }),
  mcp: { tool: 'get_team', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => getOne(ctx.deps.prisma, ctx.actor, params.id),
});
