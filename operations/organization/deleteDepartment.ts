import { deleteDepartment as remove } from '../../engines/organization/departments';
import { defineOperation } from '../defineOperation';
import { Deleted, RecordId, organizationOperation, readersAndEditors } from './organizationSchemas';

export const deleteDepartment = defineOperation({
  ...organizationOperation,
  name: 'delete_department',
  method: 'DELETE',
  path: '/api/organization/departments/{id}',
  access: 'organization:write',
  summary: 'Delete an empty department',
  description: `${readersAndEditors} 409 while employees, teams, positions or departments below still name it.`,
  input: { params: RecordId },
  output: Deleted,
  idempotent: true,
  handler: async (ctx, { params }) => remove(ctx.deps.prisma, ctx.actor, params.id),
});
