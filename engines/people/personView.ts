import type { Prisma } from '../../db/models';
import { fromUtcDate, type IsoDate } from '../../lib/calendar/isoDate';
import type { Actor } from '../access/actor';
import { personFieldAccess, readableFields, type SensitivePersonField } from '../access/fieldAccess';
import type { PersonSeal } from './sealedFields';

export const employmentTypes = ['full_time', 'part_time', 'contractor'] as const;
export type EmploymentType = (typeof employmentTypes)[number];

/** `active`; `leaving`: a termination is recorded and the last day is today or later; `terminated`: it has passed. */
export type PersonStatus = 'active' | 'leaving' | 'terminated';

export type CustomFieldValue = string | number | boolean | null;

/** Every field of a person; which of them a caller reads is engines/access/fieldAccess.ts's to say. */
export interface PersonRecord {
  id: string;
  employeeId: number;
  name: string;
  email: string;
  jobTitle: string;
  departmentId: string | null;
  department: string | null;
  managerId: string | null;
  manager: string | null;
  hireDate: IsoDate;
  employmentType: string;
  status: PersonStatus;
  terminationDate: IsoDate | null;
  terminationReason: string | null;
  phone: string | null;
  dateOfBirth: IsoDate | null;
  homeAddress: string | null;
  nationalId: string | null;
  bankAccountIban: string | null;
  customFields: Record<string, CustomFieldValue>;
  createdAt: string;
  updatedAt: string;
}

/** A person as the caller may read them: the sensitive fields only for HR, admins, owners and the person. */
export type PersonView = Omit<PersonRecord, SensitivePersonField> & Partial<Pick<PersonRecord, SensitivePersonField>>;

export const personInclude = {
  department: { select: { name: true } },
  manager: { select: { name: true } },
} as const satisfies Prisma.EmployeeInclude;

type PersonRow = Prisma.EmployeeGetPayload<{ include: typeof personInclude }>;

export function statusOf(terminationDate: IsoDate | null, today: IsoDate): PersonStatus {
  if (terminationDate === null) return 'active';
  return terminationDate >= today ? 'leaving' : 'terminated';
}

export function recordOf(row: PersonRow, today: IsoDate, seal: PersonSeal): PersonRecord {
  const terminationDate = row.terminationDate ? fromUtcDate(row.terminationDate) : null;
  return {
    id: row.id,
    employeeId: row.employeeNumber,
    name: row.name,
    email: row.email,
    jobTitle: row.jobTitle,
    departmentId: row.departmentId,
    department: row.department?.name ?? null,
    managerId: row.managerId,
    manager: row.manager?.name ?? null,
    hireDate: fromUtcDate(row.hireDate),
    employmentType: row.employmentType,
    status: statusOf(terminationDate, today),
    terminationDate,
    terminationReason: row.terminationReason,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth ? fromUtcDate(row.dateOfBirth) : null,
    homeAddress: row.homeAddress,
    nationalId: row.nationalId === null ? null : seal.open(row.id, 'nationalId', row.nationalId),
    bankAccountIban: row.bankAccountIban === null ? null : seal.open(row.id, 'bankAccountIban', row.bankAccountIban),
    customFields: (row.customFields ?? {}) as Record<string, CustomFieldValue>,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The row as `actor` may read it. */
export function personViewOf(actor: Actor, row: PersonRow, today: IsoDate, seal: PersonSeal): PersonView {
  return readableFields(actor, row.id, recordOf(row, today, seal), personFieldAccess) as PersonView;
}
