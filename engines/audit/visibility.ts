import type { Actor } from '../access/actor';
import { visibilityOf } from '../access/roles';
import { AppError } from '../appError';

/**
 * Whose audit records an actor sees: HR managers, admins and owners (workspace visibility) the whole tenant's,
 * everyone else only the records of their own calls. Audit records name users, not employees, so the team and
 * department visibilities of other resources do not apply: a manager does not read a report's calls.
 */
export function auditUserFilter(actor: Actor): { tenantId: string; userId?: string } {
  return visibilityOf(actor.user.role) === 'workspace'
    ? { tenantId: actor.tenant.id }
    : { tenantId: actor.tenant.id, userId: actor.user.id };
}

/**
 * Verifying the stored trail reads every record of the tenant, so it needs workspace visibility. Others verify
 * what they see: an export of their own records carries an inclusion proof for each.
 */
export function requireWholeTrailAccess(actor: Actor): void {
  if (visibilityOf(actor.user.role) !== 'workspace') {
    throw new AppError(
      'forbidden',
      `Verifying the whole audit trail needs the HR_MANAGER, ADMIN or OWNER role, not ${actor.user.role}; ` +
        'export your own records and verify the export instead',
    );
  }
}
