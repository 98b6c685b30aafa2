import { z } from 'zod';
import { createLegalEntity as create } from '../../engines/organization/sites';
import { defineOperation } from '../defineOperation';
import { CountryCode, LegalEntityView, Name, organizationOperation, readersAndEditors } from './organizationSchemas';

export const createLegalEntity = defineOperation({
  ...organizationOperation,
  name: 'create_legal_entity',
  method: 'POST',
  path: '/api/organization/legal-entities',
  access: 'organization:write',
  summary: 'Add a legal entity',
  description: `${readersAndEditors} Names are unique in the workspace (409).`,
  input: {
    body: z.strictObject({
      name: Name.describe('the registered name, unique in the workspace'),
      countryCode: CountryCode,
      registrationNumber: z.string().trim().min(1).max(64).optional().describe('the company registration number'),
    }),
  },
  output: z.object({ legalEntity: LegalEntityView }),
  successStatus: 201,
  idempotent: true,
  handler: async (ctx, { body }) => ({ legalEntity: await create(ctx.deps.prisma, ctx.actor, body) }),
});
