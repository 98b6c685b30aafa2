import type { Scope } from './scopes';
import type { Role } from './roles';

export type CredentialKind =
  | 'personal_access_token'
  | 'integration_credential'
  | 'delegated_credential'
  | 'company_api_key'
  | 'connector_pairing_token';

/**
 * Who a request acts as: a named user of one tenant, with the role read live from the database on this
 * request, and the credential that authenticated it. Every engine decision takes an Actor.
 */
export interface Actor {
  tenant: { id: string; name: string };
  user: { id: string; name: string; email: string; role: Role };
  /** The user's employee record, when they have one. */
  employee: { id: string; number: number; departmentId: string | null } | null;
  credential: { id: string; kind: CredentialKind; name: string; scopes: readonly Scope[] };
}
