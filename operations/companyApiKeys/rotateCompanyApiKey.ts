import { z } from 'zod';
import { rotateCompanyApiKey as rotateKey } from '../../engines/companyApiKeys/companyApiKeys';
import { defineOperation } from '../defineOperation';
import { SecretWithheld } from '../secretShownOnce';
import { CompanyApiKeyView, KeyId, companyApiKeySecretShownOnce, keyManagersOnly } from './companyApiKeySchemas';

export const rotateCompanyApiKey = defineOperation({
  name: 'rotate_company_api_key',
  method: 'POST',
  path: '/api/company-api-keys/{id}/rotate',
  access: 'company-api-keys:write',
  credentials: ['personal_access_token'],
  errorStyle: 'company',
  // Not an MCP or agent tool: a secret in a tool's answer would reach a model's context.
  tag: 'Company API: Company API Keys',
  summary: 'Give a company API key a new secret, shown this once; the old secret stops at once',
  description:
    `${keyManagersOnly} The id, name, scopes and expiry stay. Takes the authority of creating a key: a personal ` +
    'access token holding the key’s scopes. A revoked or expired key answers 409.',
  input: { params: KeyId },
  output: z.object({
    key: CompanyApiKeyView,
    secret: z.string().optional().describe('the new key: shown this once, stored only as a hash'),
    secretWithheld: SecretWithheld,
  }),
  idempotent: true,
  revealsSecret: companyApiKeySecretShownOnce,
  handler: async (ctx, { params }) => rotateKey(ctx.deps.prisma, ctx.actor, params.id),
});
