import { AppError } from '../appError';
import type { Actor } from './actor';
import { isHrRole } from './roles';

/**
 * Field-level access (company-api.md, "Sensitive fields"): beyond seeing a record, who may read and who may change
 * each of its fields. One table per kind of record; engines shape their answers with it and the authorization
 * matrix test reads it.
 *
 * - read `everyone`: whoever may see the record; `sensitive`: only HR_MANAGER, ADMIN, OWNER and the person
 *   themself (date of birth, home address, national id, bank details, why someone leaves).
 * - write `hr`: HR_MANAGER, ADMIN, OWNER; `hrOrSelf`: those and the person themself (their own contact and bank
 *   details); `never`: computed or kept by the engine (the employee number, the status).
 */
export type FieldRead = 'everyone' | 'sensitive';
export type FieldWrite = 'hr' | 'hrOrSelf' | 'never';
export interface FieldRule {
  read: FieldRead;
  write: FieldWrite;
}

export const personFieldAccess = {
  id: { read: 'everyone', write: 'never' },
  employeeId: { read: 'everyone', write: 'never' },
  name: { read: 'everyone', write: 'hr' },
  email: { read: 'everyone', write: 'hr' },
  jobTitle: { read: 'everyone', write: 'hr' },
  departmentId: { read: 'everyone', write: 'hr' },
  department: { read: 'everyone', write: 'never' },
  managerId: { read: 'everyone', write: 'hr' },
  manager: { read: 'everyone', write: 'never' },
  hireDate: { read: 'everyone', write: 'hr' },
  employmentType: { read: 'everyone', write: 'hr' },
  status: { read: 'everyone', write: 'never' },
  terminationDate: { read: 'everyone', write: 'never' },
  terminationReason: { read: 'sensitive', write: 'never' },
  phone: { read: 'everyone', write: 'hrOrSelf' },
  dateOfBirth: { read: 'sensitive', write: 'hr' },
  homeAddress: { read: 'sensitive', write: 'hrOrSelf' },
  nationalId: { read: 'sensitive', write: 'hr' },
  bankAccountIban: { read: 'sensitive', write: 'hrOrSelf' },
  customFields: { read: 'everyone', write: 'hr' },
  createdAt: { read: 'everyone', write: 'never' },
  updatedAt: { read: 'everyone', write: 'never' },
} as const satisfies Record<string, FieldRule>;

export type PersonField = keyof typeof personFieldAccess;

/** The fields of a person only HR, admins, owners and the person read. */
export type SensitivePersonField = {
  [K in PersonField]: (typeof personFieldAccess)[K]['read'] extends 'sensitive' ? K : never;
}[PersonField];

/** Is `actor` the person `employeeId` themself? */
function isSelf(actor: Actor, employeeId: string): boolean {
  return actor.employee?.id === employeeId;
}

/** May `actor` read the sensitive fields of the person `employeeId` (whom they may already see)? */
export function maySeeSensitive(actor: Actor, employeeId: string): boolean {
  return isHrRole(actor.user.role) || isSelf(actor, employeeId);
}

/**
 * A record as `actor` may read it: the sensitive fields of `rules` are left out unless the actor may see them.
 * Left out, not nulled, so that "not yours to see" never reads as "empty".
 */
export function readableFields<T extends object>(
  actor: Actor,
  subjectEmployeeId: string,
  record: T,
  rules: Record<string, FieldRule>,
): Partial<T> {
  return withoutHiddenFields(record, rules, maySeeSensitive(actor, subjectEmployeeId));
}

/**
 * A person's compensation as the company API shows it (company-api.md, "Sensitive fields": salary): who the person
 * is and which pay band applies are plain; every amount is sensitive, read by HR, the person and, where the tenant
 * allows it (compensation settings), the managers and directors who see the person
 * (engines/access/compensationAccess.ts decides who).
 */
export const compensationFieldAccess = {
  employeeId: { read: 'everyone', write: 'never' },
  employeeName: { read: 'everyone', write: 'never' },
  jobTitle: { read: 'everyone', write: 'never' },
  payBand: { read: 'everyone', write: 'hr' },
  currentSalary: { read: 'sensitive', write: 'hr' },
  bandPosition: { read: 'sensitive', write: 'never' },
  salaryHistory: { read: 'sensitive', write: 'hr' },
  bonuses: { read: 'sensitive', write: 'hr' },
  allowances: { read: 'sensitive', write: 'hr' },
  pendingChanges: { read: 'sensitive', write: 'never' },
} as const satisfies Record<string, FieldRule>;

/** `record` without the sensitive fields of `rules` when they are not visible; a field without a rule is a bug. */
export function withoutHiddenFields<T extends object>(
  record: T,
  rules: Record<string, FieldRule>,
  sensitiveVisible: boolean,
): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const rule = rules[key];
    if (!rule) throw new AppError('internal_error', `Field ${key} has no access rule`);
    if (rule.read === 'sensitive' && !sensitiveVisible) continue;
    out[key] = value;
  }
  return out as Partial<T>;
}

/**
 * The check of a change: 403 naming the fields `actor` may not change on the person `subjectEmployeeId` (null: a new
 * person), or nothing. `never` fields are not in any input schema; this refuses them too, should one slip in.
 */
export function requireWritableFields(
  actor: Actor,
  subjectEmployeeId: string | null,
  fields: readonly string[],
  rules: Record<string, FieldRule>,
): void {
  const hr = isHrRole(actor.user.role);
  const self = subjectEmployeeId !== null && isSelf(actor, subjectEmployeeId);
  const refused = fields.filter((field) => {
    const rule = rules[field];
    if (!rule || rule.write === 'never') return true;
    return !(hr || (rule.write === 'hrOrSelf' && self));
  });
  if (refused.length === 0) return;
  const fixed = refused.filter((field) => !rules[field] || rules[field].write === 'never');
  const reason =
    fixed.length > 0
      ? `These fields cannot be changed: ${fixed.join(', ')}`
      : `Only HR_MANAGER, ADMIN or OWNER change ${refused.join(', ')}${self ? '' : subjectEmployeeId === null ? '' : ' of another person'}`;
  throw new AppError('forbidden', reason, { fields: refused });
}
