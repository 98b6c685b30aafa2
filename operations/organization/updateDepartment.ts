import { z } from 'zod';
import { updateDepartment as update } from '../../engines/organization/departments';
import { defineOperation } from '../defineOperation';
import {
  DepartmentView,
  Name,
  RecordId,
  organizationOperation,
  readersAndEditors,
  someField,
} from './organizationSchemas';

export const updateDepartment = defineOperation({
  ...organizationOperation,
  name: 'update_department',
  method: 'PATCH',
  path: '/api/organization/departments/{id}',
  access: 'organization:write',
  summary: 'Rename a department, move it below another, or change its head; no cycles',
  description: `${readersAndEditors} A move below itself or one of its own departments answers 400 naming parentId.`,
  input: {
    params: RecordId,
    body: someField({
      name: Name.optional().describe('a new name'),
      parentId: z.uuid().nullable().optional().describe('the department above; null moves it to the top'),
      headEmployeeId: z.uuid().nullable().optional().describe('the head; null for none'),
    }),
  },
  output: z.object({ department: DepartmentView }),
  idempotent: true,
  mcp: { tool: 'update_department', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    department: await update(ctx.deps.prisma, ctx.actor, params.id, body),
  }),
});
