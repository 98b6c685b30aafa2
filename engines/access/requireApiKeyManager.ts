import { AppError } from '../appError';
import type { Actor } from './actor';
import { mayManageApiKeys } from './roles';

/**
 * The check of every company API key operation: 403 unless the caller's role, read live on this request, is OWNER,
 * ADMIN or HR_MANAGER (interface.md, Authentication item 7). A demotion takes effect on the next request.
 */
export function requireApiKeyManager(actor: Actor): void {
  if (!mayManageApiKeys(actor.user.role)) {
    throw new AppError('forbidden', 'Only an OWNER, ADMIN or HR_MANAGER of the workspace manages company API keys');
  }
}
