import { z } from 'zod';
import { listLocations as listAll } from '../../engines/organization/sites';
import { defineOperation } from '../defineOperation';
import { LocationView, NextCursor, PageQuery, organizationOperation, readersAndEditors } from './organizationSchemas';

export const listLocations = defineOperation({
  ...organizationOperation,
  name: 'list_locations',
  method: 'GET',
  path: '/api/organization/locations',
  access: 'organization:read',
  summary: "List the workspace's offices and sites",
  description: readersAndEditors,
  input: { query: PageQuery },
  output: z.object({ locations: z.array(LocationView), nextCursor: NextCursor }),
  mcp: { tool: 'list_locations', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => listAll(ctx.deps.prisma, ctx.actor, { limit: query.limit, after: query.cursor }),
});
