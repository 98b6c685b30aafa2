import type { Actor, CredentialKind } from '../../../engines/access/actor';
import type { Scope } from '../../../engines/access/scopes';
import { requireTokenAuthority } from '../../../engines/access/tokenAuthority';
import { AppError } from '../../../engines/appError';

const actor = (kind: CredentialKind, scopes: Scope[]): Actor => ({
  tenant: { id: 't', name: 'Acme' },
  user: { id: 'u', name: 'Alice', email: 'alice@acme.test', role: 'EMPLOYEE' },
  employee: null,
  credential: { id: 'c', kind, name: 'test', scopes },
});

function refusal(run: () => void): { message: string; details?: Record<string, unknown> } | undefined {
  try {
    run();
    return undefined;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'forbidden') throw err;
    return { message: err.message, ...(err.details ? { details: err.details } : {}) };
  }
}

describe('requireTokenAuthority', () => {
  it.each<[string, CredentialKind, Scope[], 'grant' | 'revoke', string[], string | undefined]>([
    ['a token over its own scopes', 'personal_access_token', ['leave:read'], 'revoke', ['leave:read'], undefined],
    [
      'a token over fewer scopes',
      'personal_access_token',
      ['leave:read', 'audit:read'],
      'grant',
      ['audit:read'],
      undefined,
    ],
    ['a token revoking a token without scopes', 'personal_access_token', ['leave:read'], 'revoke', [], undefined],
    [
      'a token revoking a wider one',
      'personal_access_token',
      ['leave:read'],
      'revoke',
      ['leave:write', 'audit:read', 'leave:read'],
      'A token can only revoke a token whose scopes it holds; this one lacks audit:read, leave:write',
    ],
    [
      'a token granting a scope it lacks',
      'personal_access_token',
      [],
      'grant',
      ['leave:read', 'leave:read'],
      'A token can only grant scopes it holds; this one lacks leave:read',
    ],
    [
      'a delegated credential revoking',
      'delegated_credential',
      ['leave:read'],
      'revoke',
      ['leave:read'],
      'Only a personal access token can revoke tokens',
    ],
    [
      'a delegated credential creating',
      'delegated_credential',
      ['leave:read'],
      'grant',
      ['leave:read'],
      'Only a personal access token can create tokens',
    ],
  ])('%s', (_what, kind, held, action, scopes, refused) => {
    expect(refusal(() => requireTokenAuthority(actor(kind, held), action, scopes))?.message).toBe(refused);
  });

  it('names the missing scopes once each, sorted, in details', () => {
    const refused = refusal(() =>
      requireTokenAuthority(actor('personal_access_token', []), 'revoke', ['b:x', 'a:y', 'b:x']),
    );
    expect(refused?.details).toEqual({ missingScopes: ['a:y', 'b:x'] });
  });
});
