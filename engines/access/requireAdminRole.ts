import { AppError } from '../appError';
import type { Actor } from './actor';
import { isTenantAdmin } from './roles';

/**
 * The check of every connection-settings operation (outbound MCP servers, connectors): 403 unless the caller's
 * role, read live on this request, is ADMIN or OWNER. A demotion takes effect on the next request.
 */
export function requireAdminRole(actor: Actor): void {
  if (!isTenantAdmin(actor.user.role)) {
    throw new AppError('forbidden', 'Only an ADMIN or OWNER of the workspace manages connection settings');
  }
}
