import type { Role } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';

/** A Prisma client or an interactive transaction: all the seed needs is raw statements. */
export type RawExecutor = Pick<PrismaClient, '$executeRaw'>;

export interface DepartmentRow {
  id: string;
  tenantId: string;
  name: string;
}

/** One person: a User row and the Employee row linked to it. */
export interface PersonRow {
  userId: string;
  employeeId: string;
  tenantId: string;
  employeeNumber: number;
  name: string;
  /** Lower-case. */
  email: string;
  role: Role;
  jobTitle: string;
  departmentId: string | null;
  managerId: string | null;
  /** YYYY-MM-DD */
  hireDate: string;
}

/**
 * Inserts departments with one statement (unnest of arrays), whatever their number. Ids are made by the caller
 * (Prisma's uuid(7) default lives in the client, not in the database).
 */
export async function insertDepartments(db: RawExecutor, rows: DepartmentRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.$executeRaw`
    INSERT INTO departments (id, tenant_id, name)
    SELECT * FROM unnest(
      ${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.tenantId)}::uuid[], ${rows.map((r) => r.name)}::text[])`;
}

/**
 * Inserts users and their employees, two statements in all: one multi-row statement checks the manager foreign
 * keys at its end, so a manager may come after their reports in `rows`.
 */
export async function insertPeople(db: RawExecutor, rows: PersonRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.$executeRaw`
    INSERT INTO users (id, tenant_id, email, name, role, updated_at)
    SELECT id, tenant_id, email, name, role, now()
    FROM unnest(
      ${rows.map((r) => r.userId)}::uuid[], ${rows.map((r) => r.tenantId)}::uuid[],
      ${rows.map((r) => r.email)}::text[], ${rows.map((r) => r.name)}::text[], ${rows.map((r) => r.role)}::"Role"[]
    ) AS u(id, tenant_id, email, name, role)`;
  await db.$executeRaw`
    INSERT INTO employees
      (id, tenant_id, employee_number, user_id, name, email, department_id, manager_id, job_title, hire_date)
    SELECT * FROM unnest(
      ${rows.map((r) => r.employeeId)}::uuid[], ${rows.map((r) => r.tenantId)}::uuid[],
      ${rows.map((r) => r.employeeNumber)}::int[], ${rows.map((r) => r.userId)}::uuid[],
      ${rows.map((r) => r.name)}::text[], ${rows.map((r) => r.email)}::text[],
      ${rows.map((r) => r.departmentId)}::uuid[], ${rows.map((r) => r.managerId)}::uuid[],
      ${rows.map((r) => r.jobTitle)}::text[], ${rows.map((r) => r.hireDate)}::date[])`;
}
