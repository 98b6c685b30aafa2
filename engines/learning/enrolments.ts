import type { EnrolmentStatus, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import {
  requireMayCancel,
  requireMayChooseSession,
  requireMayComplete,
  requireMayEnrol,
  visibleEnrolmentsFilter,
} from '../access/learningAccess';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { fromDbDate, toDbDate } from '../leave/dates';
import { tenantToday } from '../leave/tenantCalendar';
import { emitLearningWebhookEvent } from '../webhooks/emitters';
import { seatsTakenIn } from './courseSessions';
import { courseRef, lockCourse } from './courses';
import { enrolmentViewsOf, findVisibleEnrolment, type EnrolmentView } from './enrolmentViews';
import { notifyLearning, type LearningNotificationKind } from './learningNotifications';

/**
 * Enrolments (company-api.md, Learning): a person on a course, and where chosen on one of its sessions. One
 * active (ENROLLED) enrolment per person and course; a session's capacity holds. Both are checked under the
 * course's row lock (courses.ts `lockCourse`), so two enrolments sent at once cannot both take the last seat or
 * both be someone's active one. States: ENROLLED → COMPLETED | CANCELLED.
 */

export interface NewEnrolment {
  courseId: string;
  sessionId?: string | undefined;
  /** Default: the caller. */
  employeeId?: string | undefined;
}

async function view(prisma: PrismaClient, actor: Actor, id: string, clock: Clock): Promise<EnrolmentView> {
  const row = await findVisibleEnrolment(prisma, actor, id);
  const [shown] = await enrolmentViewsOf(prisma, [row], await tenantToday(prisma, actor.tenant.id, clock));
  return shown!;
}

/** Tells the person of what someone else did to their enrolment (nothing when they did it themself). */
async function tellThePerson(
  tx: Prisma.TransactionClient,
  actor: Actor,
  kind: LearningNotificationKind,
  e: { id: string; tenantId: string; employeeId: string; dueDate: Date | null },
  courseTitle: string,
): Promise<void> {
  const person = await tx.employee.findUniqueOrThrow({
    where: { id: e.employeeId },
    select: { userId: true, name: true },
  });
  if (!person.userId || person.userId === actor.user.id) return;
  await notifyLearning(tx, [
    {
      tenantId: e.tenantId,
      userId: person.userId,
      kind,
      enrolmentId: e.id,
      employeeId: e.employeeId,
      employeeName: person.name,
      courseTitle,
      dueDate: e.dueDate ? fromDbDate(e.dueDate) : null,
    },
  ]);
}

/**
 * A seat in `sessionId`, checked under the course's lock: a session of the course (400 naming `sessionId`), not
 * begun yet, with a seat left (409 otherwise).
 */
async function requireSeat(
  tx: Prisma.TransactionClient,
  ref: { tenantId: string; courseId: string; sessionId: string },
  clock: Clock,
): Promise<void> {
  const session = await tx.courseSession.findFirst({
    where: { id: ref.sessionId, tenantId: ref.tenantId, courseId: ref.courseId },
  });
  if (!session) throw new AppError('validation_error', `sessionId: no session ${ref.sessionId} of this course`);
  if (session.startsAt.getTime() <= clock.now().getTime()) {
    throw new AppError('conflict', `The session began at ${session.startsAt.toISOString()}`);
  }
  const taken = await seatsTakenIn(tx, session.id);
  if (session.capacity !== null && taken >= session.capacity) {
    throw new AppError('conflict', `The session is full: ${taken} of ${session.capacity} seats taken`);
  }
}

/** Enrols a person (oneself; HR anyone; a manager or director the people they see). */
export async function enrol(
  prisma: PrismaClient,
  actor: Actor,
  input: NewEnrolment,
  clock: Clock,
): Promise<EnrolmentView> {
  const tenantId = actor.tenant.id;
  const employeeId = input.employeeId ?? actor.employee?.id;
  if (!employeeId) throw new AppError('validation_error', 'employeeId: you have no employee record; name the person');
  await requireMayEnrol(prisma, actor, employeeId);
  const course = await courseRef(prisma, tenantId, input.courseId, 'courseId');
  const person = await prisma.employee.findUniqueOrThrow({
    where: { id: employeeId },
    select: { terminationDate: true },
  });
  const { today } = await tenantToday(prisma, tenantId, clock);
  if (person.terminationDate && fromDbDate(person.terminationDate) < today) {
    throw new AppError('conflict', `This person left on ${fromDbDate(person.terminationDate)}`);
  }
  const id = await prisma.$transaction(async (tx) => {
    await lockCourse(tx, tenantId, course.id);
    const current = await tx.course.findUniqueOrThrow({ where: { id: course.id } });
    if (!current.active) throw new AppError('conflict', `The course "${current.title}" is inactive`);
    if (input.sessionId) await requireSeat(tx, { tenantId, courseId: course.id, sessionId: input.sessionId }, clock);
    const active = await tx.enrolment.findFirst({
      where: { tenantId, courseId: course.id, employeeId, status: 'ENROLLED' },
      select: { id: true },
    });
    if (active) throw new AppError('conflict', `Already ENROLLED in "${current.title}" (enrolment ${active.id})`);
    const created = await tx.enrolment.create({
      data: {
        tenantId,
        courseId: course.id,
        sessionId: input.sessionId ?? null,
        employeeId,
        status: 'ENROLLED',
        createdByUserId: actor.user.id,
      },
    });
    await tellThePerson(tx, actor, 'learning.enrolled', created, current.title);
    return created.id;
  });
  return view(prisma, actor, id, clock);
}

/**
 * Chooses, changes or drops (null) the session of an ENROLLED enrolment: how a required training, assigned without
 * one, gets its date. The seat rules of enrolling hold; the old seat is freed in the same transaction.
 */
export async function chooseEnrolmentSession(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  sessionId: string | null,
  clock: Clock,
): Promise<EnrolmentView> {
  const found = await findVisibleEnrolment(prisma, actor, id);
  requireMayChooseSession(actor, found);
  await prisma.$transaction(async (tx) => {
    await lockCourse(tx, found.tenantId, found.courseId);
    const current = await tx.enrolment.findUniqueOrThrow({ where: { id } });
    if (current.status !== 'ENROLLED') throw new AppError('conflict', `This enrolment is already ${current.status}`);
    if (current.sessionId === sessionId) return;
    if (sessionId) await requireSeat(tx, { tenantId: found.tenantId, courseId: found.courseId, sessionId }, clock);
    await tx.enrolment.update({ where: { id }, data: { sessionId } });
  });
  return view(prisma, actor, id, clock);
}

/** Moves an ENROLLED enrolment on, or 409 naming the state it is in. */
async function leaveEnrolled(
  tx: Prisma.TransactionClient,
  id: string,
  to: Exclude<EnrolmentStatus, 'ENROLLED'>,
  at: Date,
) {
  const moved = await tx.enrolment.updateMany({
    where: { id, status: 'ENROLLED' },
    data: { status: to, ...(to === 'COMPLETED' ? { completedAt: at } : {}) },
  });
  const row = await tx.enrolment.findUniqueOrThrow({ where: { id } });
  if (moved.count === 0) throw new AppError('conflict', `This enrolment is already ${row.status}`);
  return row;
}

/**
 * Records a completion (the person or HR), now: a required training is satisfied while the completion is valid
 * (completionValidity.ts). A session's enrolment completes once its session has begun.
 */
export async function completeEnrolment(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  clock: Clock,
): Promise<EnrolmentView> {
  const found = await findVisibleEnrolment(prisma, actor, id);
  requireMayComplete(actor, found);
  await prisma.$transaction(async (tx) => {
    if (found.sessionId) {
      const session = await tx.courseSession.findUniqueOrThrow({ where: { id: found.sessionId } });
      if (session.startsAt.getTime() > clock.now().getTime()) {
        throw new AppError('conflict', `The session has not begun: it starts at ${session.startsAt.toISOString()}`);
      }
    }
    // On the calendar clock: the day of a completion decides how long it is valid (completionValidity.ts).
    const row = await leaveEnrolled(tx, id, 'COMPLETED', clock.now());
    const course = await tx.course.findUniqueOrThrow({ where: { id: row.courseId }, select: { title: true } });
    await emitLearningWebhookEvent(tx, 'learning.enrolment.completed', {
      ...row,
      courseTitle: course.title,
      dueDate: row.dueDate ? fromDbDate(row.dueDate) : null,
      completedAt: row.completedAt?.toISOString() ?? null,
    });
  });
  return view(prisma, actor, id, clock);
}

/** Cancels an ENROLLED enrolment: its seat is free again. */
export async function cancelEnrolment(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  clock: Clock,
): Promise<EnrolmentView> {
  const found = await findVisibleEnrolment(prisma, actor, id);
  requireMayCancel(actor, found);
  await prisma.$transaction(async (tx) => {
    const row = await leaveEnrolled(tx, id, 'CANCELLED', new Date());
    const course = await tx.course.findUniqueOrThrow({ where: { id: row.courseId }, select: { title: true } });
    await tellThePerson(tx, actor, 'learning.enrolment_cancelled', row, course.title);
  });
  return view(prisma, actor, id, clock);
}

export async function getEnrolment(prisma: PrismaClient, actor: Actor, id: string, clock: Clock) {
  return view(prisma, actor, id, clock);
}

export interface EnrolmentQuery {
  employeeId?: string | undefined;
  courseId?: string | undefined;
  status?: EnrolmentStatus | undefined;
  /** true: ENROLLED past their due date (today in the tenant's calendar); false: all others. */
  overdue?: boolean | undefined;
  limit: number;
  after?: string | undefined;
}

/** The enrolments of the people the actor sees, newest first, a page at a time. */
export async function listEnrolments(
  prisma: PrismaClient,
  actor: Actor,
  query: EnrolmentQuery,
  clock: Clock,
): Promise<{ enrolments: EnrolmentView[]; nextCursor: string | null }> {
  const calendar = await tenantToday(prisma, actor.tenant.id, clock);
  const today = toDbDate(calendar.today);
  const overdue: Prisma.EnrolmentWhereInput = { status: 'ENROLLED', dueDate: { lt: today } };
  // Spelt out rather than NOT(overdue): a null due date would make the negation null, and drop the row.
  const notOverdue: Prisma.EnrolmentWhereInput = {
    OR: [{ status: { not: 'ENROLLED' } }, { dueDate: null }, { dueDate: { gte: today } }],
  };
  const rows = await prisma.enrolment.findMany({
    where: {
      AND: [
        await visibleEnrolmentsFilter(prisma, actor),
        query.employeeId ? { employeeId: query.employeeId } : {},
        query.courseId ? { courseId: query.courseId } : {},
        query.status ? { status: query.status } : {},
        query.overdue === true ? overdue : query.overdue === false ? notOverdue : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    enrolments: await enrolmentViewsOf(prisma, page, calendar),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}
