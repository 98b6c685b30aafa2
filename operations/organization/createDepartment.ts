import { z } from 'zod';
import { createDepartment as create } from '../../engines/organization/departments';
import { defineOperation } from '../defineOperation';
import { DepartmentView, Name, organizationOperation, readersAndEditors } from './organizationSchemas';

export const createDepartment = defineOperation({
  ...organizationOperation,
  name: 'create_department',
  method: 'POST',
  path: '/api/organization/departments',
  access: 'organization:write',
  summary: 'Add a department, optionally below another and with a head',
  description: `${readersAndEditors} Names are unique in the workspace (409).`,
  input: {
    body: z.strictObject({
      name: Name.describe('the department name, unique in the workspace'),
      parentId: z.uuid().optional().describe('the department above this one'),
      headEmployeeId: z.uuid().optional().describe('the employee who heads it'),
    }),
  },
  output: z.object({ department: DepartmentView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_department', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ department: await create(ctx.deps.prisma, ctx.actor, body) }),
});
