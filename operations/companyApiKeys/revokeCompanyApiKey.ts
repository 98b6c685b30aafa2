import { z } from 'zod';
import { revokeCompanyApiKey as revokeKey } from '../../engines/companyApiKeys/companyApiKeys';
import { defineOperation } from '../defineOperation';
import { CompanyApiKeyView, KeyId, keyManagersOnly } from './companyApiKeySchemas';

export const revokeCompanyApiKey = defineOperation({
  name: 'revoke_company_api_key',
  method: 'DELETE',
  path: '/api/company-api-keys/{id}',
  access: 'company-api-keys:write',
  credentials: ['personal_access_token'],
  errorStyle: 'company',
  // Not an MCP or agent tool, as creating and rotating are not: keys are managed by people.
  tag: 'Company API: Company API Keys',
  summary: 'Revoke a company API key; it stops working on its next request',
  description:
    `${keyManagersOnly} Takes a personal access token holding the key’s scopes. Revoking a revoked key answers it ` +
    'unchanged.',
  input: { params: KeyId },
  output: z.object({ key: CompanyApiKeyView }),
  idempotent: true,
  handler: async (ctx, { params }) => ({ key: await revokeKey(ctx.deps.prisma, ctx.actor, params.id) }),
});
