import { z } from 'zod';
import { exampleOperations } from '../../../api/exampleApp/plugin';
import { operations as registryOperations } from '../../../operations';
import type { Operation } from '../../../operations/defineOperation';
import { withholdSecret } from '../../../operations/secretShownOnce';

/**
 * Issue 16, finding B, for every operation at once: a secret is displayed exactly once (contract, Authentication
 * item 2). An operation whose answer shows a secret either takes no Idempotency-Key (nothing is kept, nothing is
 * replayed: create_personal_access_token, create_connector, exchange_agent_token, create_example_session) or
 * declares where the secret is (`revealsSecret`), so a replay answers without it. The webhook operations' replays
 * are tested through the API in test/integration/webhooks/webhookApi.test.ts.
 */
/** The registry's operations and the example app's, which are defined alike (api/exampleApp/plugin.ts). */
const operations = [...registryOperations, ...exampleOperations];

const secretFieldNames = new Set(['secret', 'pairingToken', 'accessToken']);

/** The dotted paths of the fields of `schema` named like a secret. */
function secretPaths(schema: z.ZodType, at = ''): string[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return secretPaths(schema.unwrap() as z.ZodType, at);
  }
  if (schema instanceof z.ZodArray) return secretPaths(schema.element as z.ZodType, `${at}[]`);
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([name, field]) => {
    const path = at ? `${at}.${name}` : name;
    return secretFieldNames.has(name) ? [path] : secretPaths(field, path);
  });
}

const showingSecrets = operations.filter((op) => secretPaths(op.output).length > 0);

describe('operations whose answer shows a secret', () => {
  it('are the ones we know of', () => {
    expect(showingSecrets.map((op) => op.name).sort()).toEqual([
      'accept_user_invitation',
      'create_agent_webhook',
      'create_company_api_key',
      'create_connector',
      'create_example_session',
      'create_personal_access_token',
      'exchange_agent_token',
      'invite_user',
      'rotate_agent_webhook_secret',
      'rotate_company_api_key',
    ]);
  });

  it.each(showingSecrets.map((op) => [op.name, op] as const))(
    '%s takes no Idempotency-Key, or declares where its secret is',
    (_name, op: Operation) => {
      if (!op.idempotent) return expect(op.revealsSecret).toBeUndefined();
      expect(op.revealsSecret?.path).toBe(secretPaths(op.output)[0]);
    },
  );

  it.each(operations.filter((op) => op.revealsSecret).map((op) => [op.name, op] as const))(
    '%s lets its answer go without the secret, and carries the note',
    (_name, op: Operation) => {
      const parts = op.revealsSecret!.path.split('.');
      let holder = op.output;
      for (const part of parts.slice(0, -1)) holder = (holder as z.ZodObject).shape[part] as z.ZodType;
      expect((holder as z.ZodObject).shape[parts.at(-1)!]!.safeParse(undefined).success).toBe(true);
      expect((op.output as z.ZodObject).shape.secretWithheld).toBeDefined();
      // An answer with the secret where the operation says it is, beside a field that must stay.
      const nest = (leaf: object) => parts.slice(0, -1).reduceRight<object>((inner, part) => ({ [part]: inner }), leaf);
      const withheld = withholdSecret(nest({ id: 'w', [parts.at(-1)!]: 'secret-x' }), op.revealsSecret!);
      expect(withheld).toEqual({ ...nest({ id: 'w' }), secretWithheld: expect.stringMatching(/ was shown once, /) });
    },
  );
});
