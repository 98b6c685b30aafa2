import { deleteTeam as remove } from '../../engines/organization/teams';
import { defineOperation } from '../defineOperation';
import { Deleted, RecordId, organizationOperation, readersAndEditors } from './organizationSchemas';

export const deleteTeam = defineOperation({
  ...organizationOperation,
  name: 'delete_team',
  method: 'DELETE',
  path: '/api/organization/teams/{id}',
  access: 'organization:write',
  summary: 'Delete a team (its members stay employees, in their departments)',
  description: readersAndEditors,
  input: { params: RecordId },
  output: Deleted,
  idempotent: true,
  handler: async (ctx, { params }) => remove(ctx.deps.prisma, ctx.actor, params.id),
});
