import { deleteLegalEntity as remove } from '../../engines/organization/sites';
import { defineOperation } from '../defineOperation';
import { Deleted, RecordId, organizationOperation, readersAndEditors } from './organizationSchemas';

export const deleteLegalEntity = defineOperation({
  ...organizationOperation,
  name: 'delete_legal_entity',
  method: 'DELETE',
  path: '/api/organization/legal-entities/{id}',
  access: 'organization:write',
  summary: 'Delete a legal entity no position names',
  description: `${readersAndEditors} 409 while positions name it.`,
  input: { params: RecordId },
  output: Deleted,
  idempotent: true,
  handler: async (ctx, { params }) => remove(ctx.deps.prisma, ctx.actor, params.id),
});
