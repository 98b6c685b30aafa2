import type { LifecycleProcess, LifecycleTask } from '../../db/models';
import type { Db } from '../../db/handle';
import { fromUtcDate } from '../../lib/calendar/isoDate';
import type { Actor } from '../access/actor';
import { maySeeSensitive } from '../access/fieldAccess';
import type { LifecycleKind } from './templateTasks';

/** A process and its tasks as the API answers them. */

export interface TaskView {
  id: string;
  processId: string;
  kind: LifecycleKind;
  /** The person the process is about. */
  employeeId: string;
  employeeName: string;
  position: number;
  title: string;
  description: string | null;
  /** Null: HR's task (anyone in HR). */
  assigneeEmployeeId: string | null;
  assigneeName: string | null;
  dueDate: string;
  status: LifecycleTask['status'];
  completedAt: string | null;
  completedByUserId: string | null;
}

export interface ProcessView {
  id: string;
  kind: LifecycleKind;
  employeeId: string;
  employeeName: string;
  /** Onboarding: the start date; offboarding: the last day. */
  anchorDate: string;
  status: LifecycleProcess['status'];
  source: string;
  templateId: string | null;
  offerId: string | null;
  /** Offboarding: why the person leaves; HR and the person only (like People's terminationReason). */
  reason?: string | null;
  deactivatedAt: string | null;
  revokedCredentials: number | null;
  completedAt: string | null;
  workflowId: string | null;
  taskCounts: { open: number; done: number; skipped: number };
  createdAt: string;
}

async function namesOf(db: Db, tenantId: string, ids: Iterable<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.employee.findMany({
    where: { tenantId, id: { in: wanted } },
    select: { id: true, name: true },
  });
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function processViewsOf(db: Db, actor: Actor, rows: LifecycleProcess[]): Promise<ProcessView[]> {
  if (rows.length === 0) return [];
  const names = await namesOf(
    db,
    actor.tenant.id,
    rows.map((r) => r.employeeId),
  );
  const counts = await db.lifecycleTask.groupBy({
    by: ['processId', 'status'],
    where: { processId: { in: rows.map((r) => r.id) } },
    _count: { _all: true },
  });
  const countOf = (processId: string, status: LifecycleTask['status']) =>
    counts.find((c) => c.processId === processId && c.status === status)?._count._all ?? 0;
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as LifecycleKind,
    employeeId: row.employeeId,
    employeeName: names.get(row.employeeId) ?? '',
    anchorDate: fromUtcDate(row.anchorDate),
    status: row.status,
    source: row.source,
    templateId: row.templateId,
    offerId: row.offerId,
    ...(maySeeSensitive(actor, row.employeeId) ? { reason: row.reason } : {}),
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    revokedCredentials: row.revokedCredentials,
    completedAt: row.completedAt?.toISOString() ?? null,
    workflowId: row.workflowId,
    taskCounts: {
      open: countOf(row.id, 'OPEN'),
      done: countOf(row.id, 'DONE'),
      skipped: countOf(row.id, 'SKIPPED'),
    },
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function taskViewsOf(
  db: Db,
  tenantId: string,
  tasks: LifecycleTask[],
  processes: ReadonlyMap<string, LifecycleProcess>,
): Promise<TaskView[]> {
  const names = await namesOf(db, tenantId, [
    ...tasks.map((t) => t.assigneeEmployeeId),
    ...[...processes.values()].map((p) => p.employeeId),
  ]);
  return tasks.map((task) => {
    const process = processes.get(task.processId)!;
    return {
      id: task.id,
      processId: task.processId,
      kind: process.kind as LifecycleKind,
      employeeId: process.employeeId,
      employeeName: names.get(process.employeeId) ?? '',
      position: task.position,
      title: task.title,
      description: task.description,
      assigneeEmployeeId: task.assigneeEmployeeId,
      assigneeName: task.assigneeEmployeeId ? (names.get(task.assigneeEmployeeId) ?? null) : null,
      dueDate: fromUtcDate(task.dueDate),
      status: task.status,
      completedAt: task.completedAt?.toISOString() ?? null,
      completedByUserId: task.completedByUserId,
    };
  });
}
