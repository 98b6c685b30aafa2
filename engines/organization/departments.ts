import type { Db } from '../../db/handle';
import type { Department } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';
import { lockOrganisation } from './organisationLock';
import { emitOrganizationWebhookEvent } from '../webhooks/emitters';
import { pageArgs, pageOf } from './page';
import { requireDepartment, requireEmployee } from './references';

/**
 * Departments (company API, Organization): a tree per workspace with a head. Everyone with `organization:read`
 * reads the structure (names are not personal data); HR_MANAGER, ADMIN and OWNER change it. Changes are serialised
 * with the rest of the organisation's (lockOrganisation), so two moves at once cannot make a cycle.
 */

export interface DepartmentView {
  id: string;
  name: string;
  parentId: string | null;
  headEmployeeId: string | null;
  employeeCount: number;
  createdAt: string;
}

export interface DepartmentInput {
  name?: string;
  parentId?: string | null;
  headEmployeeId?: string | null;
}

async function viewsOf(prisma: PrismaClient, rows: Department[]): Promise<DepartmentView[]> {
  const counts = await prisma.employee.groupBy({
    by: ['departmentId'],
    where: { departmentId: { in: rows.map((r) => r.id) }, terminationDate: null },
    _count: { _all: true },
  });
  const countOf = new Map(counts.map((c) => [c.departmentId, c._count._all]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    parentId: r.parentId,
    headEmployeeId: r.headEmployeeId,
    employeeCount: countOf.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listDepartments(
  prisma: PrismaClient,
  actor: Actor,
  page: { limit: number; after?: string | undefined },
): Promise<{ departments: DepartmentView[]; nextCursor: string | null }> {
  const rows = await prisma.department.findMany({ where: { tenantId: actor.tenant.id }, ...pageArgs(page) });
  const { items, nextCursor } = pageOf(rows, page.limit);
  return { departments: await viewsOf(prisma, items), nextCursor };
}

async function findDepartment(prisma: PrismaClient, actor: Actor, id: string): Promise<Department> {
  const row = await prisma.department.findFirst({ where: { id, tenantId: actor.tenant.id } });
  if (!row) throw new AppError('not_found', `No department ${id}`);
  return row;
}

/** 400 naming `parentId` when the new parent is the department itself or one below it. */
async function checkParent(db: Db, tenantId: string, id: string, parentId: string): Promise<void> {
  if (parentId === id) throw new AppError('validation_error', 'parentId: a department cannot be its own parent');
  const rows = await db.$queryRaw<Array<{ found: boolean }>>`
    WITH RECURSIVE up(id, depth) AS (
      SELECT parent_id, 1 FROM departments WHERE id = ${parentId}::uuid AND tenant_id = ${tenantId}::uuid
      UNION ALL
      SELECT d.parent_id, u.depth + 1 FROM departments d JOIN up u ON d.id = u.id
      WHERE u.id IS NOT NULL AND u.depth < 10000
    )
    SELECT EXISTS (SELECT 1 FROM up WHERE id = ${id}::uuid) AS found`;
  if (rows[0]?.found) {
    throw new AppError('validation_error', 'parentId: that department is below this one; the move would make a cycle');
  }
}

export async function createDepartment(
  prisma: PrismaClient,
  actor: Actor,
  input: DepartmentInput & { name: string },
): Promise<DepartmentView> {
  requireHrRole(actor, 'change the organisation');
  const tenantId = actor.tenant.id;
  const row = await prisma.$transaction(async (tx) => {
    await lockOrganisation(tx, tenantId);
    if (input.parentId) await requireDepartment(tx, tenantId, input.parentId, 'parentId');
    if (input.headEmployeeId) await requireEmployee(tx, tenantId, input.headEmployeeId, 'headEmployeeId');
    const created = await tx.department.create({
      data: {
        tenantId,
        name: input.name,
        parentId: input.parentId ?? null,
        headEmployeeId: input.headEmployeeId ?? null,
      },
    });
    await emitOrganizationWebhookEvent(tx, 'organization.department.created', tenantId, {
      department: { id: created.id, name: created.name },
    });
    return created;
  });
  return (await viewsOf(prisma, [row]))[0]!;
}

export async function updateDepartment(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: DepartmentInput,
): Promise<DepartmentView> {
  await findDepartment(prisma, actor, id);
  requireHrRole(actor, 'change the organisation');
  const tenantId = actor.tenant.id;
  const row = await prisma.$transaction(async (tx) => {
    await lockOrganisation(tx, tenantId);
    if (input.parentId) {
      await requireDepartment(tx, tenantId, input.parentId, 'parentId');
      await checkParent(tx, tenantId, id, input.parentId);
    }
    if (input.headEmployeeId) await requireEmployee(tx, tenantId, input.headEmployeeId, 'headEmployeeId');
    const updated = await tx.department.update({
      where: { id },
      data: { name: input.name, parentId: input.parentId, headEmployeeId: input.headEmployeeId },
    });
    await emitOrganizationWebhookEvent(tx, 'organization.department.updated', tenantId, {
      department: { id: updated.id, name: updated.name },
    });
    return updated;
  });
  return (await viewsOf(prisma, [row]))[0]!;
}

/**
 * Deletes an empty department: 409 while employees, teams, positions or departments below still name it, saying
 * which, so nobody's department vanishes under them.
 */
export async function deleteDepartment(prisma: PrismaClient, actor: Actor, id: string): Promise<{ id: string }> {
  await findDepartment(prisma, actor, id);
  requireHrRole(actor, 'change the organisation');
  const tenantId = actor.tenant.id;
  await prisma.$transaction(async (tx) => {
    await lockOrganisation(tx, tenantId);
    const [employees, children, teams, positions] = await Promise.all([
      tx.employee.count({ where: { tenantId, departmentId: id } }),
      tx.department.count({ where: { tenantId, parentId: id } }),
      tx.team.count({ where: { tenantId, departmentId: id } }),
      tx.position.count({ where: { tenantId, departmentId: id } }),
    ]);
    const left = Object.entries({ employees, 'departments below it': children, teams, positions })
      .filter(([, n]) => n > 0)
      .map(([what, n]) => `${n} ${what}`);
    if (left.length > 0) {
      throw new AppError('conflict', `The department is not empty: ${left.join(', ')} still name it`);
    }
    const deleted = await tx.department.delete({ where: { id } });
    await emitOrganizationWebhookEvent(tx, 'organization.department.deleted', tenantId, {
      department: { id: deleted.id, name: deleted.name },
    });
  });
  return { id };
}
