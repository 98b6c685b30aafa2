import { z } from 'zod';
import { createPosition as create } from '../../engines/organization/positions';
import { defineOperation } from '../defineOperation';
import { Name, PositionView, organizationOperation, readersAndEditors } from './organizationSchemas';

export const createPosition = defineOperation({
  ...organizationOperation,
  name: 'create_position',
  method: 'POST',
  path: '/api/organization/positions',
  access: 'organization:write',
  summary: 'Add a position, open or held by an employee',
  description: `${readersAndEditors} An employee holds at most one position (409).`,
  input: {
    body: z.strictObject({
      title: Name.describe('the position title'),
      departmentId: z.uuid().optional().describe('the department it belongs to'),
      locationId: z.uuid().optional().describe('where it is based'),
      legalEntityId: z.uuid().optional().describe('the employing legal entity'),
      holderEmployeeId: z.uuid().optional().describe('the employee holding it (one position each)'),
    }),
  },
  output: z.object({ position: PositionView }),
  successStatus: 201,
  idempotent: true,
  handler: async (ctx, { body }) => ({ position: await create(ctx.deps.prisma, ctx.actor, body) }),
});
