import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';

/** What every Organization operation shares (company-api.md, Organization). */
export const organizationOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Organization',
} as const;

export const readersAndEditors =
  'Everyone with organization:read reads the structure; HR_MANAGER, ADMIN and OWNER change it (403 for anyone ' +
  'else, whatever the scopes).';

export const RecordId = z.object({ id: z.uuid().describe('the record id') });

export const PageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
  cursor: z.uuid().optional().describe('nextCursor of the previous page'),
});

export const NextCursor = z.string().nullable().describe('pass as cursor for the next page; null on the last page');

export const Deleted = z.object({ id: z.uuid().describe('the id of what was deleted') });

export const Name = z.string().trim().min(1).max(200);

export const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code in capitals, such as DE')
  .describe('ISO 3166-1 alpha-2 country code, such as DE');

export const TimeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone, such as Europe/Berlin')
  .describe('IANA time zone, such as Europe/Berlin');

/** A body of a change: at least one field. */
export function someField<T extends z.ZodRawShape>(shape: T) {
  return z
    .strictObject(shape)
    .refine((body) => Object.values(body).some((v) => v !== undefined), 'send at least one field to change');
}

export const DepartmentView = z.object({
  id: z.uuid(),
  name: z.string(),
  parentId: z.uuid().nullable().describe('the department above; null at the top'),
  headEmployeeId: z.uuid().nullable(),
  employeeCount: z.number().int().describe('current employees in it'),
  createdAt: z.string(),
});

export const TeamView = z.object({
  id: z.uuid(),
  name: z.string(),
  departmentId: z.uuid().nullable(),
  leadEmployeeId: z.uuid().nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});

export const TeamMemberView = z.object({
  employeeId: z.uuid(),
  name: z.string(),
  jobTitle: z.string(),
  addedAt: z.string(),
});

export const LocationView = z.object({
  id: z.uuid(),
  name: z.string(),
  countryCode: z.string(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  timeZone: z.string(),
  createdAt: z.string(),
});

export const LegalEntityView = z.object({
  id: z.uuid(),
  name: z.string(),
  countryCode: z.string(),
  registrationNumber: z.string().nullable(),
  createdAt: z.string(),
});

export const PositionView = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(['open', 'filled']),
  departmentId: z.uuid().nullable(),
  locationId: z.uuid().nullable(),
  legalEntityId: z.uuid().nullable(),
  holderEmployeeId: z.uuid().nullable().describe('the employee holding it; null while open'),
  createdAt: z.string(),
});
