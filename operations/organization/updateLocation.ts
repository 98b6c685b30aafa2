import { z } from 'zod';
import { updateLocation as update } from '../../engines/organization/sites';
import { defineOperation } from '../defineOperation';
import {
  CountryCode,
  LocationView,
  Name,
  RecordId,
  TimeZone,
  organizationOperation,
  readersAndEditors,
  someField,
} from './organizationSchemas';

export const updateLocation = defineOperation({
  ...organizationOperation,
  name: 'update_location',
  method: 'PATCH',
  path: '/api/organization/locations/{id}',
  access: 'organization:write',
  summary: 'Change an office or site',
  description: readersAndEditors,
  input: {
    params: RecordId,
    body: someField({
      name: Name.optional().describe('a new name'),
      countryCode: CountryCode.optional(),
      city: z.string().trim().min(1).max(200).nullable().optional().describe('the city; null clears it'),
      address: z.string().trim().min(1).max(500).nullable().optional().describe('the address; null clears it'),
      timeZone: TimeZone.optional(),
    }),
  },
  output: z.object({ location: LocationView }),
  idempotent: true,
  handler: async (ctx, { params, body }) => ({ location: await update(ctx.deps.prisma, ctx.actor, params.id, body) }),
});
