import type { LifecycleProcess, Prisma } from '../../db/models';
import { addDays, toUtcDate, type IsoDate } from '../../lib/calendar/isoDate';
import { lockEmployee, type LockedEmployee } from '../people/employeeLock';
import { builtInTemplates } from './builtInTemplates';
import { emitProcessStarted } from './processEvents';
import { personAssignee, storedTemplateTasks, type LifecycleKind, type TemplateTask } from './templateTasks';

type Tx = Prisma.TransactionClient;

export type ProcessSource = 'hire' | 'new_employee' | 'manual' | 'termination';

export interface CreateProcessInput {
  tenantId: string;
  kind: LifecycleKind;
  employeeId: string;
  /** Onboarding: the start date; offboarding: the last day. */
  anchorDate: IsoDate;
  source: ProcessSource;
  /** A template of the tenant of this kind; default: the one for the person's department, else the default one. */
  templateId?: string;
  offerId?: string;
  reason?: string;
  createdByUserId?: string;
}

/**
 * The template a process follows: the one asked for, else the tenant's default for the person's department, else
 * its default for everyone, else the built-in list (templateId null).
 */
async function templateFor(
  tx: Tx,
  input: CreateProcessInput,
  person: LockedEmployee,
): Promise<{ templateId: string | null; tasks: TemplateTask[] }> {
  const where = { tenantId: input.tenantId, kind: input.kind };
  const chosen = input.templateId
    ? await tx.lifecycleTemplate.findFirstOrThrow({ where: { ...where, id: input.templateId } })
    : await tx.lifecycleTemplate.findFirst({
        where: {
          ...where,
          isDefault: true,
          OR: [{ departmentId: person.departmentId }, { departmentId: null }],
        },
        // A department's own default before the everyone one (nulls sort last ascending in PostgreSQL).
        orderBy: [{ departmentId: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }],
      });
  if (chosen) return { templateId: chosen.id, tasks: storedTemplateTasks(chosen.tasks) };
  return { templateId: null, tasks: builtInTemplates[input.kind].tasks };
}

/**
 * Who does a task: the person themselves, their manager, a named employee, or HR (null: anyone in HR). A manager's
 * task for someone without a manager goes to HR.
 */
function assigneeOf(task: TemplateTask, kind: LifecycleKind, person: LockedEmployee): string | null {
  if (task.assignee === personAssignee(kind)) return person.id;
  if (task.assignee === 'manager') return person.managerId;
  if (task.assignee === 'employee') return task.assigneeEmployeeId ?? null;
  return null;
}

/**
 * Creates a person's onboarding or offboarding process and its tasks (due dates counted from the anchor date),
 * inside the caller's transaction, once per person and kind: a second call answers the existing process with
 * created=false. A cancelled offboarding is opened again for a new termination, with fresh tasks. Takes the
 * person's row lock, so two calls at once make one process. The caller starts its workflow after commit.
 */
export async function createLifecycleProcess(
  tx: Tx,
  input: CreateProcessInput,
): Promise<{ processId: string; created: boolean }> {
  const person = await lockEmployee(tx, input.tenantId, input.employeeId);
  const existing = await tx.lifecycleProcess.findUnique({
    where: { employeeId_kind: { employeeId: input.employeeId, kind: input.kind } },
  });
  if (existing && !(input.kind === 'offboarding' && existing.status === 'CANCELLED')) {
    return { processId: existing.id, created: false };
  }
  const { templateId, tasks } = await templateFor(tx, input, person);
  const fields = {
    templateId,
    anchorDate: toUtcDate(input.anchorDate),
    status: 'ACTIVE' as const,
    source: input.source,
    offerId: input.offerId ?? null,
    reason: input.reason ?? null,
    createdByUserId: input.createdByUserId ?? null,
    completedAt: null,
    workflowId: null,
  };
  let row: LifecycleProcess;
  if (existing) {
    await tx.lifecycleTask.deleteMany({ where: { processId: existing.id } });
    row = await tx.lifecycleProcess.update({ where: { id: existing.id }, data: fields });
  } else {
    row = await tx.lifecycleProcess.create({
      data: { tenantId: input.tenantId, kind: input.kind, employeeId: input.employeeId, ...fields },
    });
  }
  const processId = row.id;
  await tx.lifecycleTask.createMany({
    data: tasks.map((task, position) => ({
      tenantId: input.tenantId,
      processId,
      position,
      title: task.title,
      description: task.description ?? null,
      assigneeEmployeeId: assigneeOf(task, input.kind, person),
      dueDate: toUtcDate(addDays(input.anchorDate, task.dueOffsetDays)),
      status: 'OPEN' as const,
    })),
  });
  await emitProcessStarted(tx, row);
  return { processId, created: true };
}
