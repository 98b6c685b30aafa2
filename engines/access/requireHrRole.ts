import { AppError } from '../appError';
import type { Actor } from './actor';
import { isHrRole } from './roles';

/**
 * The check of the company API's structural writes (people, the organisation): 403 unless the caller's role, read
 * live on this request, is HR_MANAGER, ADMIN or OWNER. `what` finishes the sentence "Only ... may ...".
 */
export function requireHrRole(actor: Actor, what: string): void {
  if (!isHrRole(actor.user.role)) throw new AppError('forbidden', `Only an HR_MANAGER, ADMIN or OWNER may ${what}`);
}
