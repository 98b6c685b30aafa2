import type { LifecycleTemplate, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireLifecycleManager } from '../access/lifecycleAccess';
import { AppError } from '../appError';
import { pageArgs, pageOf } from '../organization/page';
import { builtInTemplates } from './builtInTemplates';
import { personAssignee, storedTemplateTasks, type LifecycleKind, type TemplateTask } from './templateTasks';

/**
 * Templates of onboarding and offboarding tasks (HR). A process follows its department's default template, else
 * the tenant's default, else the built-in list (createProcess.ts); one default per kind and department, so making
 * a template the default takes the mark from the one before.
 */

export interface TemplateView {
  id: string;
  kind: LifecycleKind;
  name: string;
  departmentId: string | null;
  isDefault: boolean;
  tasks: TemplateTask[];
  createdAt: string;
  updatedAt: string;
}

export interface TemplateInput {
  name: string;
  departmentId?: string | null | undefined;
  isDefault?: boolean | undefined;
  tasks: TemplateTask[];
}

export function templateViewOf(row: LifecycleTemplate): TemplateView {
  return {
    id: row.id,
    kind: row.kind as LifecycleKind,
    name: row.name,
    departmentId: row.departmentId,
    isDefault: row.isDefault,
    tasks: storedTemplateTasks(row.tasks),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The rules a template's tasks follow beyond their shape: the person's own tasks are the new hire's on onboarding
 * and the leaver's on offboarding; a task for a named employee names one of the workspace, and only such a task does.
 */
async function checkTasks(db: Prisma.TransactionClient, tenantId: string, kind: LifecycleKind, tasks: TemplateTask[]) {
  const other = kind === 'onboarding' ? 'leaver' : 'new_hire';
  const named = new Set<string>();
  tasks.forEach((task, i) => {
    if (task.assignee === other) {
      throw new AppError(
        'validation_error',
        `tasks.${i}.assignee: ${other} is not a ${kind} assignee (use ${personAssignee(kind)})`,
      );
    }
    if (task.assignee === 'employee' && task.assigneeEmployeeId === undefined) {
      throw new AppError('validation_error', `tasks.${i}.assigneeEmployeeId: required when the assignee is employee`);
    }
    if (task.assignee !== 'employee' && task.assigneeEmployeeId !== undefined) {
      throw new AppError('validation_error', `tasks.${i}.assigneeEmployeeId: only a task for an employee names one`);
    }
    if (task.assigneeEmployeeId !== undefined) named.add(task.assigneeEmployeeId);
  });
  if (named.size === 0) return;
  const found = await db.employee.findMany({ where: { tenantId, id: { in: [...named] } }, select: { id: true } });
  const known = new Set(found.map((e) => e.id));
  const i = tasks.findIndex((t) => t.assigneeEmployeeId !== undefined && !known.has(t.assigneeEmployeeId));
  if (i >= 0) {
    throw new AppError(
      'validation_error',
      `tasks.${i}.assigneeEmployeeId: no employee ${tasks[i]!.assigneeEmployeeId} in this workspace`,
    );
  }
}

async function checkDepartment(
  db: Prisma.TransactionClient,
  tenantId: string,
  departmentId: string | null | undefined,
) {
  if (!departmentId) return;
  const found = await db.department.count({ where: { tenantId, id: departmentId } });
  if (found === 0)
    throw new AppError('validation_error', `departmentId: no department ${departmentId} in this workspace`);
}

/** Takes the default mark from the other templates of the same kind and department. */
async function clearOtherDefaults(tx: Prisma.TransactionClient, row: LifecycleTemplate): Promise<void> {
  await tx.lifecycleTemplate.updateMany({
    where: {
      tenantId: row.tenantId,
      kind: row.kind,
      departmentId: row.departmentId,
      isDefault: true,
      id: { not: row.id },
    },
    data: { isDefault: false },
  });
}

async function findTemplate(
  db: Prisma.TransactionClient | PrismaClient,
  actor: Actor,
  kind: LifecycleKind,
  id: string,
) {
  const row = await db.lifecycleTemplate.findFirst({ where: { id, tenantId: actor.tenant.id, kind } });
  if (!row) throw new AppError('not_found', `No ${kind} template ${id}`);
  return row;
}

export async function listTemplates(
  prisma: PrismaClient,
  actor: Actor,
  kind: LifecycleKind,
  page: { limit: number; after?: string | undefined },
): Promise<{ templates: TemplateView[]; builtIn: { name: string; tasks: TemplateTask[] }; nextCursor: string | null }> {
  requireLifecycleManager(actor, `read ${kind} templates`);
  const rows = await prisma.lifecycleTemplate.findMany({
    where: { tenantId: actor.tenant.id, kind },
    ...pageArgs(page),
  });
  const { items, nextCursor } = pageOf(rows, page.limit);
  return { templates: items.map(templateViewOf), builtIn: builtInTemplates[kind], nextCursor };
}

export async function getTemplate(
  prisma: PrismaClient,
  actor: Actor,
  kind: LifecycleKind,
  id: string,
): Promise<TemplateView> {
  requireLifecycleManager(actor, `read ${kind} templates`);
  return templateViewOf(await findTemplate(prisma, actor, kind, id));
}

/** A name taken answers 409 (the unique rule, engines/databaseErrors.ts). */
export async function createTemplate(
  prisma: PrismaClient,
  actor: Actor,
  kind: LifecycleKind,
  input: TemplateInput,
): Promise<TemplateView> {
  requireLifecycleManager(actor, `create ${kind} templates`);
  const tenantId = actor.tenant.id;
  return prisma.$transaction(async (tx) => {
    await checkDepartment(tx, tenantId, input.departmentId);
    await checkTasks(tx, tenantId, kind, input.tasks);
    const row = await tx.lifecycleTemplate.create({
      data: {
        tenantId,
        kind,
        name: input.name,
        departmentId: input.departmentId ?? null,
        isDefault: input.isDefault ?? false,
        tasks: input.tasks as unknown as Prisma.InputJsonValue,
        createdByUserId: actor.user.id,
      },
    });
    if (row.isDefault) await clearOtherDefaults(tx, row);
    return templateViewOf(row);
  });
}

/** Changes a template; processes already made keep their tasks. */
export async function updateTemplate(
  prisma: PrismaClient,
  actor: Actor,
  kind: LifecycleKind,
  id: string,
  input: Partial<TemplateInput>,
): Promise<TemplateView> {
  requireLifecycleManager(actor, `change ${kind} templates`);
  const tenantId = actor.tenant.id;
  return prisma.$transaction(async (tx) => {
    await findTemplate(tx, actor, kind, id);
    await checkDepartment(tx, tenantId, input.departmentId);
    if (input.tasks) await checkTasks(tx, tenantId, kind, input.tasks);
    const row = await tx.lifecycleTemplate.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.departmentId !== undefined ? { departmentId: input.departmentId } : {}),
        ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
        ...(input.tasks !== undefined ? { tasks: input.tasks as unknown as Prisma.InputJsonValue } : {}),
      },
    });
    if (row.isDefault) await clearOtherDefaults(tx, row);
    return templateViewOf(row);
  });
}

/** Deletes a template; processes made from it keep their tasks. */
export async function deleteTemplate(
  prisma: PrismaClient,
  actor: Actor,
  kind: LifecycleKind,
  id: string,
): Promise<void> {
  requireLifecycleManager(actor, `delete ${kind} templates`);
  await findTemplate(prisma, actor, kind, id);
  await prisma.lifecycleTemplate.deleteMany({ where: { id, tenantId: actor.tenant.id, kind } });
}
