import { z } from 'zod';
import { updatePosition as update } from '../../engines/organization/positions';
import { defineOperation } from '../defineOperation';
import {
  Name,
  PositionView,
  RecordId,
  organizationOperation,
  readersAndEditors,
  someField,
} from './organizationSchemas';

export const updatePosition = defineOperation({
  ...organizationOperation,
  name: 'update_position',
  method: 'PATCH',
  path: '/api/organization/positions/{id}',
  access: 'organization:write',
  summary: 'Change a position: fill it (holderEmployeeId), open it again (null), or move it',
  description: `${readersAndEditors} An employee holds at most one position (409).`,
  input: {
    params: RecordId,
    body: someField({
      title: Name.optional().describe('a new title'),
      departmentId: z.uuid().nullable().optional().describe('the department; null for none'),
      locationId: z.uuid().nullable().optional().describe('the location; null for none'),
      legalEntityId: z.uuid().nullable().optional().describe('the legal entity; null for none'),
      holderEmployeeId: z.uuid().nullable().optional().describe('the holder; null opens the position'),
    }),
  },
  output: z.object({ position: PositionView }),
  idempotent: true,
  handler: async (ctx, { params, body }) => ({ position: await update(ctx.deps.prisma, ctx.actor, params.id, body) }),
});
