import { AppError } from '../appError';
import type { Actor, CredentialKind } from './actor';
import { isTenantAdmin } from './roles';
import type { Scope } from './scopes';

/** The credential kinds that act as a person on the REST and agent API (integration credentials only exchange). */
export const userCredentialKinds: readonly CredentialKind[] = ['personal_access_token', 'delegated_credential'];

/**
 * The credential kinds of the company API (company-api.md, Credentials): the contract's three. A company API key acts
 * with its creator's live role; scopes narrow every kind.
 */
export const companyCredentialKinds: readonly CredentialKind[] = [
  'personal_access_token',
  'delegated_credential',
  'company_api_key',
];

const kindNames: Record<CredentialKind, string> = {
  personal_access_token: 'a personal access token',
  integration_credential: 'an integration credential',
  delegated_credential: 'a delegated credential',
  company_api_key: 'a company API key',
  connector_pairing_token: 'a connector pairing token',
};

/**
 * The scope and credential-kind check of every operation, in one place: 403 when the credential lacks the
 * operation's scope or is of a kind the operation does not take. Role-based visibility is applied by the
 * engines on the data itself (visibility.ts).
 */
export function requireAccess(
  actor: Actor,
  access: 'any' | Scope,
  credentials: readonly CredentialKind[] = userCredentialKinds,
): void {
  if (!credentials.includes(actor.credential.kind)) {
    throw new AppError(
      'forbidden',
      `This operation does not accept ${kindNames[actor.credential.kind]}; use ${credentials.map((k) => kindNames[k]).join(' or ')}`,
    );
  }
  if (actor.credential.kind === 'integration_credential' && !isTenantAdmin(actor.user.role)) {
    // An admin credential whose owner is no longer an admin stops working at once, like any live role check.
    throw new AppError('forbidden', 'The owner of this integration credential is no longer an ADMIN or OWNER');
  }
  if (access !== 'any' && !actor.credential.scopes.includes(access)) {
    throw new AppError('forbidden', `This credential lacks the scope ${access}`, { requiredScope: access });
  }
}
