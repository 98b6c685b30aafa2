import { z } from 'zod';
import { updateLegalEntity as update } from '../../engines/organization/sites';
import { defineOperation } from '../defineOperation';
import {
  CountryCode,
  LegalEntityView,
  Name,
  RecordId,
  organizationOperation,
  readersAndEditors,
  someField,
} from './organizationSchemas';

export const updateLegalEntity = defineOperation({
  ...organizationOperation,
  name: 'update_legal_entity',
  method: 'PATCH',
  path: '/api/organization/legal-entities/{id}',
  access: 'organization:write',
  summary: 'Change a legal entity',
  description: readersAndEditors,
  input: {
    params: RecordId,
    body: someField({
      name: Name.optional().describe('a new name'),
      countryCode: CountryCode.optional(),
      registrationNumber: z.string().trim().min(1).max(64).nullable().optional().describe('null clears it'),
    }),
  },
  output: z.object({ legalEntity: LegalEntityView }),
  idempotent: true,
  handler: async (ctx, { params, body }) => ({
    legalEntity: await update(ctx.deps.prisma, ctx.actor, params.id, body),
  }),
});
