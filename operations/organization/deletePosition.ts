import { deletePosition as remove } from '../../engines/organization/positions';
import { defineOperation } from '../defineOperation';
import { Deleted, RecordId, organizationOperation, readersAndEditors } from './organizationSchemas';

export const deletePosition = defineOperation({
  ...organizationOperation,
  name: 'delete_position',
  method: 'DELETE',
  path: '/api/organization/positions/{id}',
  access: 'organization:write',
  summary: 'Delete a position',
  description: readersAndEditors,
  input: { params: RecordId },
  output: Deleted,
  idempotent: true,
  handler: async (ctx, { params }) => remove(ctx.deps.prisma, ctx.actor, params.id),
});
