import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { getCompanyApiKey as getKey } from '../../engines/companyApiKeys/companyApiKeys';
import { defineOperation } from '../defineOperation';
import { CompanyApiKeyView, KeyId, keyManagersOnly } from './companyApiKeySchemas';

export const getCompanyApiKey = defineOperation({
  name: 'get_company_api_key',
  method: 'GET',
  path: '/api/company-api-keys/{id}',
  access: 'company-api-keys:read',
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Company API Keys',
  summary: 'Read one company API key: its scopes, status and last use, never its secret',
  description: keyManagersOnly,
  input: { params: KeyId },
  output: z.object({ key: CompanyApiKeyView }),
  mcp: { tool: 'get_company_api_key', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ key: await getKey(ctx.deps.prisma, ctx.actor, params.id) }),
});
