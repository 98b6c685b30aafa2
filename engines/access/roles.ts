/** Roles of a tenant's users, from least to most seeing (DESIGN.md section 4). */
export const roles = ['EMPLOYEE', 'MANAGER', 'DIRECTOR', 'HR_MANAGER', 'ADMIN', 'OWNER'] as const;

export type Role = (typeof roles)[number];

/** Whose records a role sees: the user alone, their reports, their department, or the whole workspace. */
export type Visibility = 'self' | 'team' | 'department' | 'workspace';

const visibilityByRole: Record<Role, Visibility> = {
  EMPLOYEE: 'self',
  MANAGER: 'team',
  DIRECTOR: 'department',
  HR_MANAGER: 'workspace',
  ADMIN: 'workspace',
  OWNER: 'workspace',
};

/** The visibility a role grants; scopes can narrow what a credential does with it, never widen it. */
export function visibilityOf(role: Role): Visibility {
  return visibilityByRole[role];
}

/** Creates integration credentials and manages the tenant's connection settings. */
export function isTenantAdmin(role: Role): boolean {
  return role === 'ADMIN' || role === 'OWNER';
}

/** The roles that see and change every record of the workspace: HR, admins, owners. */
export const hrRoles: readonly Role[] = ['HR_MANAGER', 'ADMIN', 'OWNER'];

/** True for HR_MANAGER, ADMIN and OWNER: they decide any leave request, read every field, change the organisation. */
export function isHrRole(role: Role): boolean {
  return hrRoles.includes(role);
}

/** May create company API keys (interface.md, Authentication item 7): the HR roles. */
export function mayManageApiKeys(role: Role): boolean {
  return isHrRole(role);
}
