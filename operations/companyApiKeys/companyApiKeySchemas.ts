import { z } from 'zod';
import { companyKeyScopes, type Scope } from '../../engines/access/scopes';
import type { SecretShownOnce } from '../secretShownOnce';

/** A company API key as its managers see it: never the secret. */
export const CompanyApiKeyView = z.object({
  id: z.uuid(),
  name: z.string().describe('name given at creation'),
  scopes: z.array(z.string()).describe('the company scopes the key carries'),
  hint: z.string().describe('the non-secret start of the key (`hrk_…`), to tell keys apart'),
  status: z.enum(['active', 'expired', 'revoked']),
  createdBy: z
    .object({ id: z.uuid(), name: z.string() })
    .describe('the user the key acts as: it sees what their live role allows'),
  expiresAt: z.string().nullable().describe('when it stops working, ISO 8601 UTC; null: never'),
  revokedAt: z.string().nullable(),
  rotatedAt: z.string().nullable().describe('when it last got a new secret; the old one stopped then'),
  creatorLeftAt: z
    .string()
    .nullable()
    .describe('when its creator left the company: it was revoked with their credentials; make a new key'),
  lastUsedAt: z.string().nullable().describe('last use, to the minute; null: never used'),
  createdAt: z.string(),
});

export const CompanyKeyScopeList = z
  .array(z.enum(companyKeyScopes as [Scope, ...Scope[]]))
  .min(1, 'give at least one scope')
  .max(companyKeyScopes.length)
  .describe(`company scopes to grant (the caller's token must hold each): ${companyKeyScopes.join(', ')}`);

export const KeyId = z.object({ id: z.uuid().describe('the key id') });

/** Where create and rotate show the key's secret, displayed once; a lost secret is replaced by a rotation. */
export const companyApiKeySecretShownOnce: SecretShownOnce = {
  path: 'secret',
  ifLost: 'If it was lost, rotate the key: POST /api/company-api-keys/{id}/rotate.',
};

/** Said by every operation of the area. */
export const keyManagersOnly =
  'Only an OWNER, ADMIN or HR_MANAGER of the workspace (their live role) manages the keys; they belong to the ' +
  'workspace, so each of them sees all of its keys.';
