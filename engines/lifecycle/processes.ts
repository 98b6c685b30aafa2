import type { LifecycleProcess, LifecycleTask, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { fromUtcDate, type IsoDate } from '../../lib/calendar/isoDate';
import type { Actor } from '../access/actor';
import {
  requireLifecycleManager,
  requireMayCompleteTask,
  visibleProcessesFilter,
  visibleTasksFilter,
} from '../access/lifecycleAccess';
import { canSeeEmployee } from '../access/visibility';
import { AppError } from '../appError';
import { pageArgs, pageOf } from '../organization/page';
import { emitLifecycleWebhookEvent } from '../webhooks/emitters';
import { createLifecycleProcess } from './createProcess';
import { processFacts } from './processEvents';
import { notifyProcessCompleted } from './lifecycleNotifications';
import type { LifecycleProcessRef } from './lifecyclePort';
import { processViewsOf, taskViewsOf, type ProcessView, type TaskView } from './processViews';
import type { LifecycleKind } from './templateTasks';

type Tx = Prisma.TransactionClient;

/**
 * Onboarding and offboarding processes and their tasks: who reads them (engines/access/lifecycleAccess.ts), a
 * task done or skipped, and a process that completes when none is open. Writes lock the process row, so the last
 * two tasks closed at once complete it once. The caller tells the process's workflow after commit.
 */

export interface ProcessWithTasks {
  process: ProcessView;
  tasks: TaskView[];
}

/** Locks a process's row for the rest of the transaction and reads it. */
export async function lockProcess(tx: Tx, tenantId: string, id: string): Promise<LifecycleProcess> {
  await tx.$queryRaw`SELECT id FROM lifecycle_processes WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
  return tx.lifecycleProcess.findFirstOrThrow({ where: { id, tenantId } });
}

/** A process `actor` may read, and whether they see its person (else they read only their own tasks); 404 otherwise. */
async function findVisibleProcess(
  prisma: PrismaClient,
  actor: Actor,
  kind: LifecycleKind,
  id: string,
): Promise<{ row: LifecycleProcess; seesPerson: boolean }> {
  const row = await prisma.lifecycleProcess.findFirst({
    where: { AND: [await visibleProcessesFilter(prisma, actor, kind), { id }] },
  });
  if (!row) throw new AppError('not_found', `No ${kind} process ${id}`);
  return { row, seesPerson: await canSeeEmployee(prisma, actor, row.employeeId) };
}

async function withTasks(prisma: PrismaClient, actor: Actor, row: LifecycleProcess, seesPerson: boolean) {
  const tasks = await prisma.lifecycleTask.findMany({
    where: { processId: row.id, ...visibleTasksFilter(actor, seesPerson) },
    orderBy: { position: 'asc' },
  });
  const [process] = await processViewsOf(prisma, actor, [row]);
  return { process: process!, tasks: await taskViewsOf(prisma, actor.tenant.id, tasks, new Map([[row.id, row]])) };
}

export async function listProcesses(
  prisma: PrismaClient,
  actor: Actor,
  kind: LifecycleKind,
  query: {
    status?: LifecycleProcess['status'] | undefined;
    employeeId?: string | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ processes: ProcessView[]; nextCursor: string | null }> {
  const rows = await prisma.lifecycleProcess.findMany({
    where: {
      AND: [
        await visibleProcessesFilter(prisma, actor, kind),
        query.status ? { status: query.status } : {},
        query.employeeId ? { employeeId: query.employeeId } : {},
      ],
    },
    ...pageArgs(query),
  });
  const { items, nextCursor } = pageOf(rows, query.limit);
  return { processes: await processViewsOf(prisma, actor, items), nextCursor };
}

export async function getProcess(
  prisma: PrismaClient,
  actor: Actor,
  kind: LifecycleKind,
  id: string,
): Promise<ProcessWithTasks> {
  const { row, seesPerson } = await findVisibleProcess(prisma, actor, kind, id);
  return withTasks(prisma, actor, row, seesPerson);
}

/**
 * HR starts a person's onboarding by hand: tasks from the chosen template (or the default one) due from the start
 * date (default: their hire date). 409 when they have one already.
 */
export async function startOnboardingByHand(
  prisma: PrismaClient,
  actor: Actor,
  input: { employeeId: string; startDate?: IsoDate | undefined; templateId?: string | undefined },
  start: (ref: LifecycleProcessRef) => Promise<void>,
): Promise<ProcessWithTasks> {
  requireLifecycleManager(actor, 'start an onboarding');
  const tenantId = actor.tenant.id;
  const person = await prisma.employee.findFirst({ where: { id: input.employeeId, tenantId } });
  if (!person) throw new AppError('validation_error', `employeeId: no employee ${input.employeeId} in this workspace`);
  if (input.templateId) {
    const found = await prisma.lifecycleTemplate.count({
      where: { id: input.templateId, tenantId, kind: 'onboarding' },
    });
    if (found === 0) throw new AppError('validation_error', `templateId: no onboarding template ${input.templateId}`);
  }
  const processId = await prisma.$transaction(async (tx) => {
    const { processId, created } = await createLifecycleProcess(tx, {
      tenantId,
      kind: 'onboarding',
      employeeId: person.id,
      anchorDate: input.startDate ?? fromUtcDate(person.hireDate),
      source: 'manual',
      ...(input.templateId ? { templateId: input.templateId } : {}),
      createdByUserId: actor.user.id,
    });
    const row = await tx.lifecycleProcess.findUniqueOrThrow({ where: { id: processId } });
    if (!created) {
      throw new AppError('conflict', `${person.name} already has an onboarding process (${row.status}): ${row.id}`);
    }
    return processId;
  });
  await start({ tenantId, processId, kind: 'onboarding' });
  return getProcess(prisma, actor, 'onboarding', processId);
}

/**
 * Tasks of one kind: `me`, those assigned to the caller; `hr`, HR's own (without an assignee; HR only). Open ones
 * by default, by due date.
 */
export async function listTasks(
  prisma: PrismaClient,
  actor: Actor,
  kind: LifecycleKind,
  query: {
    assignee: 'me' | 'hr';
    status?: LifecycleTask['status'] | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ tasks: TaskView[]; nextCursor: string | null }> {
  if (query.assignee === 'hr') requireLifecycleManager(actor, 'list HR’s tasks');
  const tenantId = actor.tenant.id;
  const assignee = query.assignee === 'hr' ? null : (actor.employee?.id ?? null);
  if (query.assignee === 'me' && assignee === null) return { tasks: [], nextCursor: null };
  const where = { tenantId, assigneeEmployeeId: assignee, status: query.status ?? 'OPEN' };
  // Tasks carry no kind: the processes of this kind among the assignee's own tasks' processes.
  const candidates = await prisma.lifecycleTask.findMany({
    where,
    select: { processId: true },
    distinct: ['processId'],
  });
  const ofKind = await prisma.lifecycleProcess.findMany({
    where: { tenantId, kind, id: { in: candidates.map((t) => t.processId) } },
    select: { id: true },
  });
  const rows = await prisma.lifecycleTask.findMany({
    where: { ...where, processId: { in: ofKind.map((p) => p.id) } },
    ...pageArgs(query),
  });
  const { items, nextCursor } = pageOf(rows, query.limit);
  const owners = await prisma.lifecycleProcess.findMany({ where: { id: { in: items.map((t) => t.processId) } } });
  return {
    tasks: await taskViewsOf(prisma, tenantId, items, new Map(owners.map((p) => [p.id, p]))),
    nextCursor,
  };
}

/**
 * Closes a task: DONE by its assignee or HR, SKIPPED by HR. 409 unless the process is ACTIVE and the task OPEN.
 * When it was the last open task, the process COMPLETES: the person's manager and HR are told, and the
 * `<kind>.process.completed` event goes out.
 */
export async function closeTask(
  prisma: PrismaClient,
  actor: Actor,
  kind: LifecycleKind,
  taskId: string,
  to: 'DONE' | 'SKIPPED',
  now: Date,
): Promise<{ task: TaskView; process: ProcessView; ref: LifecycleProcessRef }> {
  const tenantId = actor.tenant.id;
  const task = await prisma.lifecycleTask.findFirst({ where: { id: taskId, tenantId } });
  const visible = task
    ? await prisma.lifecycleProcess.findFirst({
        where: { AND: [await visibleProcessesFilter(prisma, actor, kind), { id: task.processId }] },
      })
    : null;
  const seesPerson = visible ? await canSeeEmployee(prisma, actor, visible.employeeId) : false;
  if (!task || !visible || !(seesPerson || task.assigneeEmployeeId === actor.employee?.id)) {
    throw new AppError('not_found', `No ${kind} task ${taskId}`);
  }
  if (to === 'SKIPPED') requireLifecycleManager(actor, 'skip a task');
  else requireMayCompleteTask(actor, task);
  const row = await prisma.$transaction(async (tx) => {
    const process = await lockProcess(tx, tenantId, task.processId);
    if (process.status !== 'ACTIVE') {
      throw new AppError('conflict', `The ${kind} process is ${process.status}: its tasks no longer change`);
    }
    const current = await tx.lifecycleTask.findUniqueOrThrow({ where: { id: taskId } });
    if (current.status !== 'OPEN') throw new AppError('conflict', `The task is already ${current.status}`);
    await tx.lifecycleTask.update({
      where: { id: taskId },
      data: { status: to, completedAt: now, completedByUserId: actor.user.id },
    });
    const open = await tx.lifecycleTask.count({ where: { processId: process.id, status: 'OPEN' } });
    if (open > 0) return process;
    const completed = await tx.lifecycleProcess.update({
      where: { id: process.id },
      data: { status: 'COMPLETED', completedAt: now },
    });
    await notifyProcessCompleted(tx, { ...completed, kind });
    await emitLifecycleWebhookEvent(
      tx,
      kind === 'onboarding' ? 'onboarding.process.completed' : 'offboarding.process.completed',
      processFacts(completed),
    );
    return completed;
  });
  const updated = await prisma.lifecycleTask.findUniqueOrThrow({ where: { id: taskId } });
  const [taskView] = await taskViewsOf(prisma, tenantId, [updated], new Map([[row.id, row]]));
  const [processView] = await processViewsOf(prisma, actor, [row]);
  return { task: taskView!, process: processView!, ref: { tenantId, processId: row.id, kind } };
}
