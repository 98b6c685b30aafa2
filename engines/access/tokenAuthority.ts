import { AppError } from '../appError';
import type { Actor } from './actor';

/**
 * The authority over a user's personal access tokens, for creating one (`grant`) and revoking one (`revoke`): only
 * a personal access token holds it, never a delegated credential, which lives in a browser and must neither mint
 * nor revoke its user's long-lived tokens; and only over scopes it holds itself, so a narrowed token grants no
 * scope it lacks and cannot revoke a wider token. 403 `forbidden` otherwise, naming the missing scopes.
 */
export function requireTokenAuthority(actor: Actor, action: 'grant' | 'revoke', scopes: readonly string[]): void {
  if (actor.credential.kind !== 'personal_access_token') {
    throw new AppError(
      'forbidden',
      `Only a personal access token can ${action === 'grant' ? 'create' : 'revoke'} tokens`,
    );
  }
  const held: readonly string[] = actor.credential.scopes;
  const missing = [...new Set(scopes.filter((s) => !held.includes(s)))].sort();
  if (missing.length === 0) return;
  const rule =
    action === 'grant'
      ? 'A token can only grant scopes it holds'
      : 'A token can only revoke a token whose scopes it holds';
  throw new AppError('forbidden', `${rule}; this one lacks ${missing.join(', ')}`, { missingScopes: missing });
}
