import type { Course } from '../../db/models';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';

/**
 * The workspace's course catalogue (company-api.md, Learning): HR creates, changes and deactivates courses;
 * everyone reads them. A course is deactivated, never deleted: its enrolments and completions stay history.
 */
export interface CourseView {
  id: string;
  title: string;
  description: string | null;
  provider: string | null;
  durationMinutes: number | null;
  validityMonths: number | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export function courseViewOf(course: Course): CourseView {
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    provider: course.provider,
    durationMinutes: course.durationMinutes,
    validityMonths: course.validityMonths,
    active: course.active,
    createdAt: course.createdAt.toISOString(),
    updatedAt: course.updatedAt.toISOString(),
  };
}

export interface CourseInput {
  title: string;
  description?: string | null | undefined;
  provider?: string | null | undefined;
  durationMinutes?: number | null | undefined;
  validityMonths?: number | null | undefined;
}

/** Courses by title, a page at a time (the cursor is the last id: titles may change, ids do not). */
export async function listCourses(
  prisma: PrismaClient,
  actor: Actor,
  query: { active?: boolean | undefined; limit: number; after?: string | undefined },
): Promise<{ courses: CourseView[]; nextCursor: string | null }> {
  const rows = await prisma.course.findMany({
    where: {
      tenantId: actor.tenant.id,
      ...(query.active === undefined ? {} : { active: query.active }),
      ...(query.after ? { id: { gt: query.after } } : {}),
    },
    orderBy: { id: 'asc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    courses: page.map(courseViewOf),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/** A course of the tenant, or 404. */
export async function findCourse(db: Db, tenantId: string, id: string): Promise<Course> {
  const course = await db.course.findFirst({ where: { id, tenantId } });
  if (!course) throw new AppError('not_found', `No course ${id}`);
  return course;
}

/** A course named in a body: 400 naming `field` when the workspace has none such. */
export async function courseRef(db: Db, tenantId: string, id: string, field: string): Promise<Course> {
  const course = await db.course.findFirst({ where: { id, tenantId } });
  if (!course) throw new AppError('validation_error', `${field}: no course ${id} in this workspace`);
  return course;
}

/**
 * Locks a course's row for the rest of the transaction: every enrolment into it (one by one, or a requirement's
 * set) takes this lock first, so a session's seats and the one-active-enrolment rule are checked one at a time.
 */
export async function lockCourse(tx: Db, tenantId: string, id: string): Promise<void> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text AS id FROM courses WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw new AppError('not_found', `No course ${id}`);
}

/** Creates a course (HR). A title the workspace has answers 409 (its unique rule). */
export async function createCourse(prisma: PrismaClient, actor: Actor, input: CourseInput): Promise<CourseView> {
  requireHrRole(actor, 'create courses');
  const course = await prisma.course.create({
    data: {
      tenantId: actor.tenant.id,
      title: input.title,
      description: input.description ?? null,
      provider: input.provider ?? null,
      durationMinutes: input.durationMinutes ?? null,
      validityMonths: input.validityMonths ?? null,
    },
  });
  return courseViewOf(course);
}

/**
 * Changes a course (HR); `active: false` deactivates it: nobody enrols any more and no requirement assigns it,
 * while what was enrolled stays to be completed or cancelled.
 */
export async function updateCourse(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: Partial<CourseInput> & { active?: boolean | undefined },
): Promise<CourseView> {
  requireHrRole(actor, 'change courses');
  await findCourse(prisma, actor.tenant.id, id);
  const set = <K extends keyof typeof input>(key: K) => (input[key] === undefined ? {} : { [key]: input[key] });
  const course = await prisma.course.update({
    where: { id },
    data: {
      ...set('title'),
      ...set('description'),
      ...set('provider'),
      ...set('durationMinutes'),
      ...set('validityMonths'),
      ...set('active'),
    },
  });
  return courseViewOf(course);
}
