import { z } from 'zod';
import { employmentTypes } from '../../engines/people/personView';
import { isValidIban, normalIban } from '../../lib/banking/iban';
import { IsoDateString } from '../leave/leaveSchemas';

/**
 * A person as the company API answers them. The sensitive fields (dateOfBirth, homeAddress, nationalId,
 * bankAccountIban, terminationReason) are present only for HR_MANAGER, ADMIN, OWNER and the person themself
 * (engines/access/fieldAccess.ts): absent means "not yours to see", null means "not recorded".
 */
export const PersonView = z.object({
  id: z.uuid(),
  employeeId: z.number().int().describe('the employee number, unique in the workspace'),
  name: z.string(),
  email: z.string(),
  jobTitle: z.string(),
  departmentId: z.uuid().nullable(),
  department: z.string().nullable().describe("the department's name"),
  managerId: z.uuid().nullable(),
  manager: z.string().nullable().describe("the manager's name"),
  hireDate: z.string().describe('YYYY-MM-DD'),
  employmentType: z.string().describe(employmentTypes.join(', ')),
  status: z.enum(['active', 'leaving', 'terminated']),
  terminationDate: z.string().nullable().describe('the last day, once a termination is recorded'),
  terminationReason: z.string().nullable().optional().describe('sensitive'),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable().optional().describe('sensitive, YYYY-MM-DD'),
  homeAddress: z.string().nullable().optional().describe('sensitive'),
  nationalId: z.string().nullable().optional().describe('sensitive'),
  bankAccountIban: z.string().nullable().optional().describe('sensitive'),
  customFields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const text = (max: number) => z.string().trim().min(1).max(max);

const CustomFields = z
  .record(
    z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'a custom field name is a letter, then up to 63 letters, digits or _'),
    z.union([z.string().max(1000), z.number().finite(), z.boolean(), z.null()]),
  )
  .refine((fields) => Object.keys(fields).length <= 50, 'at most 50 custom fields')
  .describe('the workspace’s own fields: names to a string (≤ 1000), number, boolean or null; replaces the whole set');

/** The fields a create or an update sets; an update sends some of them, null clearing an optional one. */
const personFields = {
  name: text(200).describe('full name'),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email('must be an e-mail address'))
    .transform((e) => e.toLowerCase())
    .describe('work e-mail address, unique among the workspace’s employees'),
  jobTitle: text(200).describe('job title'),
  departmentId: z.uuid().nullable().describe('a department of the workspace'),
  managerId: z.uuid().nullable().describe('another employee of the workspace; no cycles'),
  hireDate: IsoDateString.describe('first day of employment, YYYY-MM-DD'),
  employmentType: z.enum(employmentTypes).describe(employmentTypes.join(', ')),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()./-]{3,32}$/, 'must be a phone number: digits, spaces, + ( ) . / -')
    .nullable()
    .describe('work phone'),
  dateOfBirth: IsoDateString.nullable().describe('sensitive, YYYY-MM-DD'),
  homeAddress: text(500).nullable().describe('sensitive'),
  nationalId: text(64).nullable().describe('sensitive: social security or tax id'),
  bankAccountIban: z
    .string()
    .max(64)
    .refine(isValidIban, 'must be a valid IBAN (its checksum fails or its form is wrong)')
    .transform(normalIban)
    .nullable()
    .describe('sensitive: the account salaries are paid to, an IBAN (spaces allowed)'),
  customFields: CustomFields,
};

export const NewPersonBody = z.strictObject({
  ...personFields,
  departmentId: personFields.departmentId.optional(),
  managerId: personFields.managerId.optional(),
  employmentType: personFields.employmentType.default('full_time'),
  phone: personFields.phone.optional(),
  dateOfBirth: personFields.dateOfBirth.optional(),
  homeAddress: personFields.homeAddress.optional(),
  nationalId: personFields.nationalId.optional(),
  bankAccountIban: personFields.bankAccountIban.optional(),
  customFields: personFields.customFields.optional(),
});

export const PersonChangeBody = z
  .strictObject({
    name: personFields.name.optional(),
    email: personFields.email.optional(),
    jobTitle: personFields.jobTitle.optional(),
    departmentId: personFields.departmentId.optional(),
    managerId: personFields.managerId.optional(),
    hireDate: personFields.hireDate.optional(),
    employmentType: personFields.employmentType.optional(),
    phone: personFields.phone.optional(),
    dateOfBirth: personFields.dateOfBirth.optional(),
    homeAddress: personFields.homeAddress.optional(),
    nationalId: personFields.nationalId.optional(),
    bankAccountIban: personFields.bankAccountIban.optional(),
    customFields: personFields.customFields.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'send at least one field to change');

export const PersonId = z.object({ id: z.uuid().describe('the person id (`id` of the list)') });
