import type { Role } from '../../db/models';
import { AppError } from '../../engines/appError';
import { demoPeople, demoTenants } from '../../prisma/seed/demoPeople';

/**
 * Whom the example app's demo backend may sign in: the demo employees and one demo manager of the demo tenant
 * (prisma/seed/demoPeople.ts), with their seeded roles. Never the owner, an admin, HR, a director, or anyone of
 * another workspace: the page asks for a user by email with no password, so whoever can reach it can be any of
 * them.
 */
const demoUserEmails: readonly string[] = [demoPeople.alice, demoPeople.bob, demoPeople.carol, demoPeople.manager].map(
  (person) => person.email,
);

/** The demo tenant, whose admin holds the backend's integration credential. */
export const demoTenant = demoTenants.acme;

/** Roles a demo user may still have when signed in: a role raised in the database since the seed is refused. */
const demoRoles: readonly Role[] = ['EMPLOYEE', 'MANAGER'];

/** Throws 403 forbidden unless `email` is one of the demo users (any case). */
export function assertDemoEmail(email: string): void {
  if (demoUserEmails.includes(email.toLowerCase())) return;
  throw new AppError(
    'forbidden',
    `The example app signs in only its demo users (${demoUserEmails.join(', ')}); ${email} is not one of them`,
  );
}

/** Throws 403 forbidden when a demo user's live role is no longer a demo employee's or manager's. */
export function assertDemoRole(user: { email: string; role: Role }): void {
  if (demoRoles.includes(user.role)) return;
  throw new AppError(
    'forbidden',
    `${user.email} is no longer a demo employee or manager (role ${user.role}); the example app does not sign them in`,
  );
}
