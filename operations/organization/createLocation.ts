import { z } from 'zod';
import { createLocation as create } from '../../engines/organization/sites';
import { defineOperation } from '../defineOperation';
import {
  CountryCode,
  LocationView,
  Name,
  TimeZone,
  organizationOperation,
  readersAndEditors,
} from './organizationSchemas';

export const createLocation = defineOperation({
  ...organizationOperation,
  name: 'create_location',
  method: 'POST',
  path: '/api/organization/locations',
  access: 'organization:write',
  summary: 'Add an office or site',
  description: `${readersAndEditors} Names are unique in the workspace (409).`,
  input: {
    body: z.strictObject({
      name: Name.describe('the location name, unique in the workspace'),
      countryCode: CountryCode,
      city: z.string().trim().min(1).max(200).optional().describe('the city'),
      address: z.string().trim().min(1).max(500).optional().describe('the street address'),
      timeZone: TimeZone.default('UTC'),
    }),
  },
  output: z.object({ location: LocationView }),
  successStatus: 201,
  idempotent: true,
  handler: async (ctx, { body }) => ({ location: await create(ctx.deps.prisma, ctx.actor, body) }),
});
