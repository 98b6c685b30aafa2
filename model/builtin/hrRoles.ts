import type { PlanContext } from './planTypes';

/** The roles that do HR's work (engines/access/roles.ts says the same; the model imports nothing of ours). */
const HR_ROLES = new Set(['HR_MANAGER', 'ADMIN', 'OWNER']);

/** Whether the run's user is HR: an HR manager, an admin or an owner. */
export function isHrUser(ctx: PlanContext): boolean {
  return HR_ROLES.has(ctx.user.role ?? '');
}
