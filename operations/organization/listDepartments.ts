import { z } from 'zod';
import { listDepartments as listAll } from '../../engines/organization/departments';
import { defineOperation } from '../defineOperation';
import { DepartmentView, NextCursor, PageQuery, organizationOperation, readersAndEditors } from './organizationSchemas';

export const listDepartments = defineOperation({
  ...organizationOperation,
  name: 'list_departments',
  method: 'GET',
  path: '/api/organization/departments',
  access: 'organization:read',
  summary: "List the workspace's departments, with their parent, head and head count",
  description: readersAndEditors,
  input: { query: PageQuery },
  output: z.object({ departments: z.array(DepartmentView), nextCursor: NextCursor }),
  mcp: { tool: 'list_departments', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => listAll(ctx.deps.prisma, ctx.actor, { limit: query.limit, after: query.cursor }),
});
