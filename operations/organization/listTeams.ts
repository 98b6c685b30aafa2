import { z } from 'zod';
import { listTeams as listAll } from '../../engines/organization/teams';
import { defineOperation } from '../defineOperation';
import { NextCursor, PageQuery, TeamView, organizationOperation, readersAndEditors } from './organizationSchemas';

export const listTeams = defineOperation({
  ...organizationOperation,
  name: 'list_teams',
  method: 'GET',
  path: '/api/organization/teams',
  access: 'organization:read',
  summary: "List the workspace's teams, optionally those whose name contains a text",
  description: readersAndEditors,
  input: {
    query: PageQuery.extend({
      name: z.string().trim().min(1).max(200).optional().describe('only teams whose name contains this (any case)'),
    }),
  },
  output: z.object({ teams: z.array(TeamView), nextCursor: NextCursor }),
  mcp: { tool: 'list_teams', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listAll(ctx.deps.prisma, ctx.actor, { limit: query.limit, after: query.cursor, name: query.name }),
});
