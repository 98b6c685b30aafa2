import type { Enrolment, EnrolmentStatus } from '../../db/models';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { visibleEnrolmentsFilter } from '../access/learningAccess';
import { AppError } from '../appError';
import { fromDbDate, type IsoDate } from '../leave/dates';
import { validUntil } from './completionValidity';

/** An enrolment as the API answers it: the course and person by name, and whether it is overdue today. */
export interface EnrolmentView {
  id: string;
  courseId: string;
  courseTitle: string;
  sessionId: string | null;
  employeeId: string;
  employeeName: string;
  status: EnrolmentStatus;
  requirementId: string | null;
  dueDate: IsoDate | null;
  overdue: boolean;
  remindedOverdueAt: string | null;
  completedAt: string | null;
  validUntil: IsoDate | null;
  enrolledByUserId: string;
  createdAt: string;
  updatedAt: string;
}

/** Overdue: still to complete after its due date (the reminder goes once, engines/learning/overdueReminders.ts). */
export function isOverdue(row: { status: EnrolmentStatus; dueDate: Date | null }, today: IsoDate): boolean {
  return row.status === 'ENROLLED' && row.dueDate !== null && fromDbDate(row.dueDate) < today;
}

export async function enrolmentViewsOf(
  db: Db,
  rows: readonly Enrolment[],
  calendar: { today: IsoDate; timeZone: string },
): Promise<EnrolmentView[]> {
  if (rows.length === 0) return [];
  const [courses, people] = await Promise.all([
    db.course.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.courseId))] } },
      select: { id: true, title: true, validityMonths: true },
    }),
    db.employee.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.employeeId))] } },
      select: { id: true, name: true },
    }),
  ]);
  const course = new Map(courses.map((c) => [c.id, c]));
  const name = new Map(people.map((p) => [p.id, p.name]));
  return rows.map((r) => {
    const c = course.get(r.courseId);
    return {
      id: r.id,
      courseId: r.courseId,
      courseTitle: c?.title ?? '',
      sessionId: r.sessionId,
      employeeId: r.employeeId,
      employeeName: name.get(r.employeeId) ?? '',
      status: r.status,
      requirementId: r.requirementId,
      dueDate: r.dueDate ? fromDbDate(r.dueDate) : null,
      overdue: isOverdue(r, calendar.today),
      remindedOverdueAt: r.remindedOverdueAt?.toISOString() ?? null,
      completedAt: r.completedAt?.toISOString() ?? null,
      validUntil:
        r.completedAt && r.status === 'COMPLETED'
          ? validUntil(r.completedAt, c?.validityMonths ?? null, calendar.timeZone)
          : null,
      enrolledByUserId: r.createdByUserId,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

/** An enrolment the actor may see, or 404 (also for one that exists out of sight). */
export async function findVisibleEnrolment(prisma: PrismaClient, actor: Actor, id: string): Promise<Enrolment> {
  const row = await prisma.enrolment.findFirst({
    where: { AND: [await visibleEnrolmentsFilter(prisma, actor), { id }] },
  });
  if (!row) throw new AppError('not_found', `No enrolment ${id}`);
  return row;
}
