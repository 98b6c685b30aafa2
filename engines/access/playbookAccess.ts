import type { Actor } from './actor';
import { isHrRole } from './roles';
import { AppError } from '../appError';

/**
 * Who does what in the Playbook (company-api.md, Playbook). HR_MANAGER, ADMIN and OWNER keep the handbook: they
 * write pages and policies, edit drafts and publish them, and read drafts. Everyone of the workspace reads what is
 * published (a document never published does not exist for them: 404). Who has not acknowledged a policy is
 * answered within the caller's visibility of people (engines/access/visibility.ts), so a manager sees their team's
 * and an employee only themself.
 */

/** May `actor` read drafts and documents not published yet? */
export function mayReadPlaybookDrafts(actor: Actor): boolean {
  return isHrRole(actor.user.role);
}

/** 403 unless the caller's live role keeps the handbook. `what` finishes "Only ... may ...". */
export function requirePlaybookEditor(actor: Actor, what: string): void {
  if (!isHrRole(actor.user.role)) throw new AppError('forbidden', `Only an HR_MANAGER, ADMIN or OWNER may ${what}`);
}
