import type { PrismaClient } from '../../db/prismaClient';
import type { IsoDate } from '../leave/dates';
import { remindOverdueEnrolments } from './overdueReminders';
import { assignRequiredTrainings } from './requiredTrainingAssignment';

export interface LearningSweepResult {
  assigned: number;
  reminded: number;
  /** false: the workspace has no requirement and no due enrolment left to remind of; its watch may end. */
  watching: boolean;
}

/**
 * One day's pass over a workspace's trainings (the learningOverdue workflow runs it as each day begins): assign
 * the requirements to whoever they apply to and lacks one (new employees, moves, expired completions), then remind
 * of what became overdue. Idempotent: a pass repeated the same day assigns and reminds nothing more.
 */
export async function sweepLearning(
  prisma: PrismaClient,
  scope: { tenantId: string; today: IsoDate; timeZone: string },
  now: Date,
): Promise<LearningSweepResult> {
  const assigned = await prisma.$transaction((tx) => assignRequiredTrainings(tx, scope), { timeout: 60_000 });
  const reminded = await remindOverdueEnrolments(prisma, scope, now);
  return { assigned, reminded, watching: await hasTrainingsToWatch(prisma, scope.tenantId) };
}

/** Has the workspace a requirement, or an enrolment with a due date not reminded of yet? */
export async function hasTrainingsToWatch(prisma: PrismaClient, tenantId: string): Promise<boolean> {
  const [requirement, due] = await Promise.all([
    prisma.trainingRequirement.findFirst({ where: { tenantId }, select: { id: true } }),
    prisma.enrolment.findFirst({
      where: { tenantId, status: 'ENROLLED', dueDate: { not: null }, remindedOverdueAt: null },
      select: { id: true },
    }),
  ]);
  return requirement !== null || due !== null;
}

/** The workspaces whose trainings a watch should follow (the hourly schedule starts one for each). */
export async function tenantsWithTrainingsToWatch(prisma: PrismaClient): Promise<string[]> {
  const rows = await prisma.$queryRaw<Array<{ tenantId: string }>>`
    SELECT DISTINCT tenant_id::text AS "tenantId" FROM training_requirements
    UNION
    SELECT DISTINCT tenant_id::text FROM enrolments
    WHERE status = 'ENROLLED' AND due_date IS NOT NULL AND reminded_overdue_at IS NULL`;
  return rows.map((r) => r.tenantId);
}
