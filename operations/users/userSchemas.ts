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
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const UserId = z.object({ id: z.uuid().describe('the user id') });
