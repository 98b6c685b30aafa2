import { z } from 'zod';
import { updateTeam as update } from '../../engines/organization/teams';
import { defineOperation } from '../defineOperation';
import { Name, RecordId, TeamView, organizationOperation, readersAndEditors, someField } from './organizationSchemas';

export const updateTeam = defineOperation({
  ...organizationOperation,
  name: 'update_team',
  method: 'PATCH',
  path: '/api/organization/teams/{id}',
  access: 'organization:write',
  summary: 'Rename a team, change its lead, or move it to another department with its members',
  description:
    `${readersAndEditors} Moving a team moves its members to the new department in the same transaction, so ` +
    'who sees them (directors see their department) changes at once.',
  input: {
    params: RecordId,
    body: someField({
      name: Name.optional().describe('a new name'),
      departmentId: z.uuid().nullable().optional().describe('the new department; its members move too'),
      leadEmployeeId: z.uuid().nullable().optional().describe('the lead; null for none'),
    }),
  },
  output: z.object({ team: TeamView }),
  idempotent: true,
  mcp: { tool: 'update_team', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({ team: await update(ctx.deps.prisma, ctx.actor, params.id, body) }),
});
