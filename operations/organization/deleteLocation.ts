import { deleteLocation as remove } from '../../engines/organization/sites';
import { defineOperation } from '../defineOperation';
import { Deleted, RecordId, organizationOperation, readersAndEditors } from './organizationSchemas';

export const deleteLocation = defineOperation({
  ...organizationOperation,
  name: 'delete_location',
  method: 'DELETE',
  path: '/api/organization/locations/{id}',
  access: 'organization:write',
  summary: 'Delete a location no position names',
  description: `${readersAndEditors} 409 while positions name it.`,
  input: { params: RecordId },
  output: Deleted,
  idempotent: true,
  handler: async (ctx, { params }) => remove(ctx.deps.prisma, ctx.actor, params.id),
});
