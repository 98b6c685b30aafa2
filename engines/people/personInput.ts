import type { Prisma } from '../../db/models';
import { toUtcDate, type IsoDate } from '../../lib/calendar/isoDate';
import type { CustomFieldValue, EmploymentType } from './personView';
import type { PersonSeal } from './sealedFields';

/** The fields a create or an update may set (names as in the API); null clears an optional one. */
export interface PersonInput {
  name?: string;
  email?: string;
  jobTitle?: string;
  departmentId?: string | null;
  managerId?: string | null;
  hireDate?: IsoDate;
  employmentType?: EmploymentType;
  phone?: string | null;
  dateOfBirth?: IsoDate | null;
  homeAddress?: string | null;
  nationalId?: string | null;
  bankAccountIban?: string | null;
  customFields?: Record<string, CustomFieldValue>;
}

const day = (d: IsoDate | null | undefined) => (d === undefined ? undefined : d === null ? null : toUtcDate(d));

/**
 * The columns of the given fields of employee `id`; absent fields stay as they are. The national id and the bank
 * account are sealed (sealedFields.ts).
 */
export function columnsOf(input: PersonInput, id: string, seal: PersonSeal): Prisma.EmployeeUncheckedUpdateInput {
  const sealed = (field: 'nationalId' | 'bankAccountIban', v: string | null | undefined) =>
    v === undefined || v === null ? v : seal.seal(id, field, v);
  const columns: Prisma.EmployeeUncheckedUpdateInput = {
    name: input.name,
    email: input.email,
    jobTitle: input.jobTitle,
    departmentId: input.departmentId,
    managerId: input.managerId,
    hireDate: input.hireDate === undefined ? undefined : toUtcDate(input.hireDate),
    employmentType: input.employmentType,
    phone: input.phone,
    dateOfBirth: day(input.dateOfBirth),
    homeAddress: input.homeAddress,
    nationalId: sealed('nationalId', input.nationalId),
    bankAccountIban: sealed('bankAccountIban', input.bankAccountIban),
    customFields: input.customFields,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/** The names of the fields an input sets. */
export function fieldsOf(input: PersonInput): string[] {
  return Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
}
