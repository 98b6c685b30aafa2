import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { listCompanyApiKeys as listKeys } from '../../engines/companyApiKeys/companyApiKeys';
import { defineOperation } from '../defineOperation';
import { CompanyApiKeyView, keyManagersOnly } from './companyApiKeySchemas';

export const listCompanyApiKeys = defineOperation({
  name: 'list_company_api_keys',
  method: 'GET',
  path: '/api/company-api-keys',
  access: 'company-api-keys:read',
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Company API Keys',
  summary: "List the workspace's company API keys, newest first, with when each was last used",
  description: `${keyManagersOnly} The secrets are never shown again.`,
  input: {
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
      cursor: z.uuid().optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({
    keys: z.array(CompanyApiKeyView),
    nextCursor: z.string().nullable().describe('pass as cursor for the next page; null on the last page'),
  }),
  mcp: { tool: 'list_company_api_keys', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => listKeys(ctx.deps.prisma, ctx.actor, { limit: query.limit, after: query.cursor }),
});
