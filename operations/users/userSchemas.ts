import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { roles } from '../../engines/access/roles';

/** What every User operation shares (company-api.md, User). */
export const userOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: User',
} as const;

export const whoManagesUsers =
  'HR_MANAGER, ADMIN and OWNER read the accounts; ADMIN and OWNER change them; only an OWNER grants the OWNER role ' +
  'or changes an OWNER; the last active OWNER can be neither demoted nor deactivated (409).';

export const UserView = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(['active', 'invited', 'deactivated']),
  employeeId: z.uuid().nullable().describe('the employee record of the user, if any'),
  externalId: z.string().nullable().describe("the user's id in your own system, if one was set"),
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const UserId = z.object({ id: z.uuid().describe('the user id') });

/** A user's e-mail address as svc-hr stores it: trimmed, lower-case. */
export const UserEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('must be an e-mail address'))
  .transform((e) => e.toLowerCase());

/** The largest external id: generous for any system's ids (uuids, ULIDs, numbers, `tenant/user` paths). */
export const EXTERNAL_ID_MAX_LENGTH = 200;

/** A user's id in the customer's own system, as given (trimmed); unique within the workspace. */
export const ExternalId = z.string().trim().min(1).max(EXTERNAL_ID_MAX_LENGTH);
