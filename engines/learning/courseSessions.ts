import type { CourseSession } from '../../db/models';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';
import { findCourse, lockCourse } from './courses';

/**
 * Dated runs of a course (company-api.md, Learning) with an optional capacity: HR schedules them, everyone reads
 * them. A seat is held by every enrolment in the session that is not cancelled (a completion keeps its seat).
 */
export interface CourseSessionView {
  id: string;
  courseId: string;
  startsAt: string;
  endsAt: string;
  location: string | null;
  capacity: number | null;
  /** Seats taken: enrolments in the session not cancelled. */
  enrolled: number;
  /** null: no limit. */
  seatsLeft: number | null;
  createdAt: string;
}

async function seatsTaken(db: Db, sessionIds: readonly string[]): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const counts = await db.enrolment.groupBy({
    by: ['sessionId'],
    where: { sessionId: { in: [...sessionIds] }, status: { not: 'CANCELLED' } },
    _count: { _all: true },
  });
  return new Map(counts.map((c) => [c.sessionId!, c._count._all]));
}

export async function sessionViewsOf(db: Db, sessions: readonly CourseSession[]): Promise<CourseSessionView[]> {
  const taken = await seatsTaken(
    db,
    sessions.map((s) => s.id),
  );
  return sessions.map((s) => {
    const enrolled = taken.get(s.id) ?? 0;
    return {
      id: s.id,
      courseId: s.courseId,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      location: s.location,
      capacity: s.capacity,
      enrolled,
      seatsLeft: s.capacity === null ? null : Math.max(0, s.capacity - enrolled),
      createdAt: s.createdAt.toISOString(),
    };
  });
}

/** A course's sessions, earliest first (404 for a course the workspace does not have). */
export async function listCourseSessions(
  prisma: PrismaClient,
  actor: Actor,
  courseId: string,
): Promise<CourseSessionView[]> {
  await findCourse(prisma, actor.tenant.id, courseId);
  const rows = await prisma.courseSession.findMany({
    where: { tenantId: actor.tenant.id, courseId },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
  });
  return sessionViewsOf(prisma, rows);
}

export interface SessionInput {
  startsAt: Date;
  endsAt: Date;
  location?: string | null | undefined;
  capacity?: number | null | undefined;
}

function checkTimes(startsAt: Date, endsAt: Date): void {
  if (endsAt.getTime() <= startsAt.getTime()) throw new AppError('validation_error', 'endsAt: must be after startsAt');
}

/** Schedules a session of an active course (HR); 409 for a deactivated course. */
export async function createCourseSession(
  prisma: PrismaClient,
  actor: Actor,
  courseId: string,
  input: SessionInput,
): Promise<CourseSessionView> {
  requireHrRole(actor, 'schedule course sessions');
  checkTimes(input.startsAt, input.endsAt);
  const course = await findCourse(prisma, actor.tenant.id, courseId);
  if (!course.active) throw new AppError('conflict', `The course "${course.title}" is inactive`);
  const session = await prisma.courseSession.create({
    data: {
      tenantId: actor.tenant.id,
      courseId,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      location: input.location ?? null,
      capacity: input.capacity ?? null,
    },
  });
  const [view] = await sessionViewsOf(prisma, [session]);
  return view!;
}

/**
 * Changes a session (HR). Under the course's lock, so a capacity cut below the seats taken (409, naming them)
 * cannot race an enrolment.
 */
export async function updateCourseSession(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: Partial<SessionInput>,
): Promise<CourseSessionView> {
  requireHrRole(actor, 'change course sessions');
  const tenantId = actor.tenant.id;
  const found = await prisma.courseSession.findFirst({ where: { id, tenantId } });
  if (!found) throw new AppError('not_found', `No course session ${id}`);
  const updated = await prisma.$transaction(async (tx) => {
    await lockCourse(tx, tenantId, found.courseId);
    const session = await tx.courseSession.findUniqueOrThrow({ where: { id } });
    checkTimes(input.startsAt ?? session.startsAt, input.endsAt ?? session.endsAt);
    if (input.capacity !== undefined && input.capacity !== null) {
      const taken = (await seatsTaken(tx, [id])).get(id) ?? 0;
      if (taken > input.capacity)
        throw new AppError(
          'conflict',
          `The session has ${taken} people enrolled: more than a capacity of ${input.capacity}`,
        );
    }
    return tx.courseSession.update({
      where: { id },
      data: {
        ...(input.startsAt ? { startsAt: input.startsAt } : {}),
        ...(input.endsAt ? { endsAt: input.endsAt } : {}),
        ...(input.location !== undefined ? { location: input.location } : {}),
        ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
      },
    });
  });
  const [view] = await sessionViewsOf(prisma, [updated]);
  return view!;
}

/** Seats of `sessionId` taken now (inside the course's lock: the count enrolment compares with the capacity). */
export async function seatsTakenIn(tx: Db, sessionId: string): Promise<number> {
  return (await seatsTaken(tx, [sessionId])).get(sessionId) ?? 0;
}
