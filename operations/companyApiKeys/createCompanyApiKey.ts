import { z } from 'zod';
import { createCompanyApiKey as createKey } from '../../engines/companyApiKeys/companyApiKeys';
import { defineOperation } from '../defineOperation';
import { SecretWithheld } from '../secretShownOnce';
import {
  CompanyApiKeyView,
  CompanyKeyScopeList,
  companyApiKeySecretShownOnce,
  keyManagersOnly,
} from './companyApiKeySchemas';

const maxDays = 730;

export const createCompanyApiKey = defineOperation({
  name: 'create_company_api_key',
  method: 'POST',
  path: '/api/company-api-keys',
  access: 'company-api-keys:write',
  // Minting a long-lived secret: a personal access token only (engines/companyApiKeys/companyApiKeys.ts says why).
  credentials: ['personal_access_token'],
  errorStyle: 'company',
  // Not an MCP or agent tool: a secret in a tool's answer would reach a model's context.
  tag: 'Company API: Company API Keys',
  summary: 'Create a company API key; its secret (`hrk_…`) is shown this once',
  description:
    `${keyManagersOnly} Only a personal access token creates a key, and only with scopes it holds itself. The key ` +
    "acts as its creator: it sees what the creator's live role allows, narrowed to its scopes. It works at once.",
  input: {
    body: z.strictObject({
      name: z.string().trim().min(1).max(100).describe('a name to recognise the key by (the integration using it)'),
      scopes: CompanyKeyScopeList,
      expiresInDays: z
        .number()
        .int()
        .min(1)
        .max(maxDays)
        .optional()
        .describe(`days until it expires, 1 to ${maxDays}; omit for a key that does not expire`),
    }),
  },
  output: z.object({
    key: CompanyApiKeyView,
    secret: z.string().optional().describe('the key itself: shown this once, stored only as a hash'),
    secretWithheld: SecretWithheld,
  }),
  successStatus: 201,
  idempotent: true,
  revealsSecret: companyApiKeySecretShownOnce,
  handler: async (ctx, { body }) => {
    const now = new Date();
    const expiresAt = body.expiresInDays ? new Date(now.getTime() + body.expiresInDays * 86_400_000) : null;
    return createKey(ctx.deps.prisma, ctx.actor, { name: body.name, scopes: body.scopes, expiresAt }, now);
  },
});
