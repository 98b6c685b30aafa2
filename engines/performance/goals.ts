import type { Goal, GoalStatus, KeyResult } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { lineReportsOf, mayWriteGoalsOf } from '../access/performanceAccess';
import { canSeeEmployee, visibleEmployeesFilter } from '../access/visibility';
import { AppError } from '../appError';
import { fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { goalProgress, keyResultProgress, roundPercent } from './goalProgress';

/**
 * Goals with key results (company-api.md, Performance): a person's own, written by them, their managers up the line
 * and HR, read by whoever sees the person. Progress is computed on reading (goalProgress.ts), never stored.
 */

export interface KeyResultView {
  id: string;
  title: string;
  unit: string | null;
  startValue: number;
  targetValue: number;
  currentValue: number;
  /** Percent, 0 to 100, one decimal. */
  progress: number;
  updatedAt: string;
}

export interface GoalView {
  id: string;
  employeeId: string;
  employeeName: string;
  title: string;
  description: string | null;
  period: string;
  dueDate: IsoDate | null;
  status: GoalStatus;
  /** The mean of the key results' progress, percent, one decimal. */
  progress: number;
  keyResults: KeyResultView[];
  createdByUserId: string;
  createdAt: string;
  updatedAt: string;
}

export interface NewKeyResult {
  title: string;
  unit?: string | undefined;
  startValue: number;
  targetValue: number;
  currentValue?: number | undefined;
}

export interface NewGoal {
  employeeId?: string | undefined;
  title: string;
  description?: string | undefined;
  period: string;
  dueDate?: IsoDate | undefined;
  keyResults: NewKeyResult[];
}

async function goalViewsOf(prisma: PrismaClient, goals: Goal[]): Promise<GoalView[]> {
  if (goals.length === 0) return [];
  const ids = goals.map((g) => g.id);
  const [krs, people] = await Promise.all([
    prisma.keyResult.findMany({ where: { goalId: { in: ids } }, orderBy: [{ goalId: 'asc' }, { position: 'asc' }] }),
    prisma.employee.findMany({
      where: { id: { in: [...new Set(goals.map((g) => g.employeeId))] } },
      select: { id: true, name: true },
    }),
  ]);
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const krsOf = new Map<string, KeyResult[]>();
  for (const kr of krs) krsOf.set(kr.goalId, [...(krsOf.get(kr.goalId) ?? []), kr]);
  return goals.map((g) => {
    const own = krsOf.get(g.id) ?? [];
    return {
      id: g.id,
      employeeId: g.employeeId,
      employeeName: nameOf.get(g.employeeId) ?? '',
      title: g.title,
      description: g.description,
      period: g.period,
      dueDate: g.dueDate ? fromDbDate(g.dueDate) : null,
      status: g.status,
      progress: roundPercent(goalProgress(own)),
      keyResults: own.map((kr) => ({
        id: kr.id,
        title: kr.title,
        unit: kr.unit,
        startValue: kr.startValue,
        targetValue: kr.targetValue,
        currentValue: kr.currentValue,
        progress: roundPercent(keyResultProgress(kr)),
        updatedAt: kr.updatedAt.toISOString(),
      })),
      createdByUserId: g.createdByUserId,
      createdAt: g.createdAt.toISOString(),
      updatedAt: g.updatedAt.toISOString(),
    };
  });
}

/** A goal of someone `actor` sees; 404 otherwise. */
async function findVisibleGoal(prisma: PrismaClient, actor: Actor, id: string): Promise<Goal> {
  const goal = await prisma.goal.findFirst({ where: { id, tenantId: actor.tenant.id } });
  if (!goal || !(await canSeeEmployee(prisma, actor, goal.employeeId))) {
    throw new AppError('not_found', `No goal ${id}`);
  }
  return goal;
}

/** 403 unless `actor` writes the goals of `employeeId` (whom they already see). */
async function requireGoalWriter(prisma: PrismaClient, actor: Actor, employeeId: string): Promise<void> {
  if (!mayWriteGoalsOf(actor, employeeId, await lineReportsOf(prisma, actor))) {
    throw new AppError('forbidden', 'Goals are written by the person, their managers and HR');
  }
}

/** Creates an ACTIVE goal for oneself (no `employeeId`) or for someone one writes goals of, with its key results. */
export async function createGoal(prisma: PrismaClient, actor: Actor, input: NewGoal): Promise<GoalView> {
  const employeeId = input.employeeId ?? actor.employee?.id;
  if (!employeeId) throw new AppError('validation_error', 'employeeId: required (you have no employee record)');
  if (!(await canSeeEmployee(prisma, actor, employeeId))) throw new AppError('not_found', `No person ${employeeId}`);
  await requireGoalWriter(prisma, actor, employeeId);
  input.keyResults.forEach((kr, i) => {
    if (kr.targetValue === kr.startValue) {
      throw new AppError('validation_error', `keyResults.${i}.targetValue: must differ from startValue`);
    }
  });
  const goal = await prisma.$transaction(async (tx) => {
    const created = await tx.goal.create({
      data: {
        tenantId: actor.tenant.id,
        employeeId,
        title: input.title.trim(),
        description: input.description?.trim() || null,
        period: input.period,
        dueDate: input.dueDate ? toDbDate(input.dueDate) : null,
        status: 'ACTIVE',
        createdByUserId: actor.user.id,
      },
    });
    await tx.keyResult.createMany({
      data: input.keyResults.map((kr, position) => ({
        tenantId: actor.tenant.id,
        goalId: created.id,
        position,
        title: kr.title.trim(),
        unit: kr.unit?.trim() || null,
        startValue: kr.startValue,
        targetValue: kr.targetValue,
        currentValue: kr.currentValue ?? kr.startValue,
      })),
    });
    return created;
  });
  return (await goalViewsOf(prisma, [goal]))[0]!;
}

export async function getGoal(prisma: PrismaClient, actor: Actor, id: string): Promise<GoalView> {
  return (await goalViewsOf(prisma, [await findVisibleGoal(prisma, actor, id)]))[0]!;
}

/** The goals of the people `actor` sees, newest first, a page at a time. */
export async function listGoals(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    employeeId?: string | undefined;
    period?: string | undefined;
    status?: GoalStatus | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ goals: GoalView[]; nextCursor: string | null }> {
  const people = await prisma.employee.findMany({
    where: { AND: [await visibleEmployeesFilter(prisma, actor), query.employeeId ? { id: query.employeeId } : {}] },
    select: { id: true },
  });
  const rows = await prisma.goal.findMany({
    where: {
      tenantId: actor.tenant.id,
      employeeId: { in: people.map((p) => p.id) },
      ...(query.period ? { period: query.period } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.after ? { id: { lt: query.after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    goals: await goalViewsOf(prisma, page),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/** Runs `change` on an ACTIVE goal `actor` writes (409 otherwise, naming its status), in one transaction. */
async function changeActiveGoal(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  change: (tx: Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]) => Promise<void>,
): Promise<GoalView> {
  const goal = await findVisibleGoal(prisma, actor, id);
  await requireGoalWriter(prisma, actor, goal.employeeId);
  await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM goals WHERE id = ${id}::uuid FOR UPDATE`;
    const current = await tx.goal.findUniqueOrThrow({ where: { id } });
    if (current.status !== 'ACTIVE') throw new AppError('conflict', `This goal is already ${current.status}`);
    await change(tx);
  });
  return getGoal(prisma, actor, id);
}

/** Records a key result's current value on an ACTIVE goal. */
export async function updateKeyResult(
  prisma: PrismaClient,
  actor: Actor,
  goalId: string,
  keyResultId: string,
  currentValue: number,
): Promise<GoalView> {
  return changeActiveGoal(prisma, actor, goalId, async (tx) => {
    const updated = await tx.keyResult.updateMany({ where: { id: keyResultId, goalId }, data: { currentValue } });
    if (updated.count === 0) throw new AppError('not_found', `No key result ${keyResultId} of this goal`);
  });
}

/** Completes or cancels an ACTIVE goal; final (409 after). */
export async function endGoal(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  status: 'COMPLETED' | 'CANCELLED',
): Promise<GoalView> {
  return changeActiveGoal(prisma, actor, id, async (tx) => {
    await tx.goal.update({ where: { id }, data: { status } });
  });
}
