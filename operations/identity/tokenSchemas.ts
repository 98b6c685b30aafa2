import { z } from 'zod';
import { scopes } from '../../engines/access/scopes';

/** A personal access token as its owner sees it in lists: never the secret. */
export const TokenView = z.object({
  id: z.uuid(),
  name: z.string().describe('name given at creation'),
  scopes: z.array(z.string()).describe('scopes the token carries'),
  hint: z.string().describe('the non-secret start of the token, to tell tokens apart'),
  expiresAt: z.string().nullable().describe('when it stops working, ISO 8601 UTC; null: never'),
  revokedAt: z.string().nullable().describe('when it was revoked; null: not revoked'),
  lastUsedAt: z.string().nullable().describe('last use, to the minute; null: never used'),
  createdAt: z.string(),
});

export const ScopeList = z
  .array(z.enum(scopes))
  .min(1, 'give at least one scope')
  .describe(`scopes to grant: ${scopes.join(', ')}`);
