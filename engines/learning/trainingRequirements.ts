import type { Role, TrainingRequirement } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { tenantToday } from '../leave/tenantCalendar';
import { requireDepartment } from '../organization/references';
import { courseRef } from './courses';
import { assignRequiredTrainings } from './requiredTrainingAssignment';

/**
 * Required trainings (company-api.md, Learning): a course everyone of a role and/or department (neither: everyone)
 * must complete within `dueWithinDays` of being assigned it. Created by HR, read by everyone.
 */
export interface TrainingRequirementView {
  id: string;
  courseId: string;
  courseTitle: string;
  role: Role | null;
  departmentId: string | null;
  dueWithinDays: number;
  createdByUserId: string;
  createdAt: string;
}

function requirementViewOf(r: TrainingRequirement, courseTitle: string): TrainingRequirementView {
  return {
    id: r.id,
    courseId: r.courseId,
    courseTitle,
    role: r.role,
    departmentId: r.departmentId,
    dueWithinDays: r.dueWithinDays,
    createdByUserId: r.createdByUserId,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listTrainingRequirements(
  prisma: PrismaClient,
  actor: Actor,
  query: { courseId?: string | undefined; limit: number; after?: string | undefined },
): Promise<{ requirements: TrainingRequirementView[]; nextCursor: string | null }> {
  const rows = await prisma.trainingRequirement.findMany({
    where: {
      tenantId: actor.tenant.id,
      ...(query.courseId ? { courseId: query.courseId } : {}),
      ...(query.after ? { id: { lt: query.after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const courses = await prisma.course.findMany({
    where: { id: { in: [...new Set(page.map((r) => r.courseId))] } },
    select: { id: true, title: true },
  });
  const title = new Map(courses.map((c) => [c.id, c.title]));
  return {
    requirements: page.map((r) => requirementViewOf(r, title.get(r.courseId) ?? '')),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

export interface NewTrainingRequirement {
  courseId: string;
  role?: Role | undefined;
  departmentId?: string | undefined;
  dueWithinDays: number;
}

/**
 * Creates a requirement (HR) and, in the same transaction, assigns it to everyone it applies to now
 * (requiredTrainingAssignment.ts); people who join or move later get theirs from the daily sweep. 409 for an
 * inactive course and for the same requirement twice.
 */
export async function createTrainingRequirement(
  prisma: PrismaClient,
  actor: Actor,
  input: NewTrainingRequirement,
  clock: Clock,
): Promise<{ requirement: TrainingRequirementView; assigned: number }> {
  requireHrRole(actor, 'create required trainings');
  const tenantId = actor.tenant.id;
  const course = await courseRef(prisma, tenantId, input.courseId, 'courseId');
  if (input.departmentId) await requireDepartment(prisma, tenantId, input.departmentId, 'departmentId');
  if (!course.active) throw new AppError('conflict', `The course "${course.title}" is inactive`);
  const { today, timeZone } = await tenantToday(prisma, tenantId, clock);
  return prisma.$transaction(
    async (tx) => {
      const same = await tx.trainingRequirement.findFirst({
        where: { tenantId, courseId: course.id, role: input.role ?? null, departmentId: input.departmentId ?? null },
        select: { id: true },
      });
      if (same) throw new AppError('conflict', `This course is already required of them (requirement ${same.id})`);
      const requirement = await tx.trainingRequirement.create({
        data: {
          tenantId,
          courseId: course.id,
          role: input.role ?? null,
          departmentId: input.departmentId ?? null,
          dueWithinDays: input.dueWithinDays,
          createdByUserId: actor.user.id,
        },
      });
      const assigned = await assignRequiredTrainings(tx, { tenantId, today, timeZone, requirementId: requirement.id });
      return { requirement: requirementViewOf(requirement, course.title), assigned };
      // A workspace of thousands is assigned in one statement, and told in a few more: more than Prisma's 5 s default.
    },
    { timeout: 60_000 },
  );
}
