import { z } from 'zod';
import { listLegalEntities as listAll } from '../../engines/organization/sites';
import { defineOperation } from '../defineOperation';
import {
  LegalEntityView,
  NextCursor,
  PageQuery,
  organizationOperation,
  readersAndEditors,
} from './organizationSchemas';

export const listLegalEntities = defineOperation({
  ...organizationOperation,
  name: 'list_legal_entities',
  method: 'GET',
  path: '/api/organization/legal-entities',
  access: 'organization:read',
  summary: "List the group's legal entities (the companies that employ people)",
  description: readersAndEditors,
  input: { query: PageQuery },
  output: z.object({ legalEntities: z.array(LegalEntityView), nextCursor: NextCursor }),
  mcp: { tool: 'list_legal_entities', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => listAll(ctx.deps.prisma, ctx.actor, { limit: query.limit, after: query.cursor }),
});
