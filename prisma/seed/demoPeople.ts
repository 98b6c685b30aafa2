import type { Role } from '../../db/models';

/** The demo tenants; `seedDemo` creates both. */
export const demoTenants = {
  acme: { name: 'Acme', domain: 'acme.test' },
  globex: { name: 'Globex', domain: 'globex.test' },
} as const;

export type DemoTenantKey = keyof typeof demoTenants;

export const acmeDepartments = ['Engineering', 'Sales', 'Marketing', 'Operations'] as const;
export type AcmeDepartment = (typeof acmeDepartments)[number];

export interface DemoPerson {
  tenant: DemoTenantKey;
  /** The contract's `employee_id` within the tenant; stable across seeds. */
  employeeNumber: number;
  name: string;
  email: string;
  role: Role;
  jobTitle: string;
  department: string | null;
  /** Key in `demoPeople` of the person's manager. */
  manager: DemoPersonKey | null;
  hireDate: string;
}

/**
 * The named people of the demo data, for tests and docs. Acme also gets 40 generated employees (numbers 12-51)
 * under these managers; see seedDemo.
 */
// prettier-ignore
export const demoPeople = {
  owner: person('acme', 1, 'Olivia Owens', 'owner@acme.test', 'OWNER', 'Chief Executive Officer', null, null),
  admin: person('acme', 2, 'Adam Adler', 'admin@acme.test', 'ADMIN', 'IT Administrator', 'Operations', 'owner'),
  hr: person('acme', 3, 'Hannah Reyes', 'hr@acme.test', 'HR_MANAGER', 'HR Manager', 'Operations', 'owner'),
  director: person('acme', 4, 'Diana Diaz', 'director@acme.test', 'DIRECTOR', 'Director of Engineering', 'Engineering', 'owner'),
  manager: person('acme', 5, 'Marcus Miller', 'manager@acme.test', 'MANAGER', 'Engineering Manager', 'Engineering', 'director'),
  alice: person('acme', 6, 'Alice Anders', 'alice@acme.test', 'EMPLOYEE', 'Software Engineer', 'Engineering', 'manager'),
  bob: person('acme', 7, 'Bob Brown', 'bob@acme.test', 'EMPLOYEE', 'Software Engineer', 'Engineering', 'manager'),
  salesManager: person('acme', 8, 'Sam Salazar', 'sales.manager@acme.test', 'MANAGER', 'Sales Manager', 'Sales', 'owner'),
  carol: person('acme', 9, 'Carol Chen', 'carol@acme.test', 'EMPLOYEE', 'Account Executive', 'Sales', 'salesManager'),
  marketingManager: person('acme', 10, 'Maya Moreno', 'marketing.manager@acme.test', 'MANAGER', 'Marketing Manager', 'Marketing', 'owner'),
  operationsManager: person('acme', 11, 'Oscar Ortiz', 'operations.manager@acme.test', 'MANAGER', 'Operations Manager', 'Operations', 'owner'),
  globexHr: person('globex', 1, 'Grace Hale', 'hr@globex.test', 'HR_MANAGER', 'HR Manager', 'Operations', null),
  dan: person('globex', 2, 'Dan Dawson', 'dan@globex.test', 'EMPLOYEE', 'Operations Analyst', 'Operations', 'globexHr'),
} satisfies Record<DemoPersonKey, DemoPerson>;

// prettier-ignore
export type DemoPersonKey =
  | 'owner' | 'admin' | 'hr' | 'director' | 'manager' | 'alice' | 'bob' | 'salesManager' | 'carol'
  | 'marketingManager' | 'operationsManager' | 'globexHr' | 'dan';

/** Who heads each Acme department: its generated team leads report to this person. */
export const acmeDepartmentHeads: Record<AcmeDepartment, DemoPersonKey> = {
  Engineering: 'director',
  Sales: 'salesManager',
  Marketing: 'marketingManager',
  Operations: 'operationsManager',
};

function person(
  tenant: DemoTenantKey,
  employeeNumber: number,
  name: string,
  email: string,
  role: Role,
  jobTitle: string,
  department: string | null,
  manager: DemoPersonKey | null,
): DemoPerson {
  // Fixed hire dates keep the seed deterministic; spread them by employee number.
  const hireDate = `20${String(14 + (employeeNumber % 10)).padStart(2, '0')}-0${1 + (employeeNumber % 9)}-15`;
  return { tenant, employeeNumber, name, email, role, jobTitle, department, manager, hireDate };
}
