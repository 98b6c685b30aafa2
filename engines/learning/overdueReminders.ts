import type { PrismaClient } from '../../db/prismaClient';
import { fromDbDate, type IsoDate } from '../leave/dates';
import { emitLearningWebhookEvent } from '../webhooks/emitters';
import { notifyLearning, type LearningNotice } from './learningNotifications';

/** Enrolments per transaction: a page's notifications and webhook events commit with its marks. */
const PAGE = 200;

/**
 * Reminds of overdue trainings (company-api.md, Learning): every ENROLLED enrolment whose due date is before
 * `today` and that was never reminded is marked `remindedOverdueAt`, and its person and their manager are told,
 * and `learning.enrolment.overdue` is emitted, in the same transaction: so each enrolment is reminded once, however
 * often the sweep runs or retries. Rows another transaction holds (a completion under way) are skipped, and
 * re-read by the next page or day. Answers how many were reminded.
 */
export async function remindOverdueEnrolments(
  prisma: PrismaClient,
  scope: { tenantId: string; today: IsoDate },
  now: Date,
): Promise<number> {
  let reminded = 0;
  for (;;) {
    const count = await prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<
        Array<{ id: string; employeeId: string; courseId: string; dueDate: Date; status: string }>
      >`
        UPDATE enrolments SET reminded_overdue_at = ${now}, updated_at = ${now}
        WHERE id IN (
          SELECT id FROM enrolments
          WHERE tenant_id = ${scope.tenantId}::uuid AND status = 'ENROLLED' AND due_date < ${scope.today}::date
            AND reminded_overdue_at IS NULL
          ORDER BY id LIMIT ${PAGE} FOR UPDATE SKIP LOCKED)
        RETURNING id::text AS "id", employee_id::text AS "employeeId", course_id::text AS "courseId",
          due_date AS "dueDate", status::text AS "status"`;
      if (rows.length === 0) return 0;
      const [people, courses] = await Promise.all([
        tx.employee.findMany({
          where: { id: { in: [...new Set(rows.map((r) => r.employeeId))] } },
          select: { id: true, name: true, userId: true, manager: { select: { userId: true } } },
        }),
        tx.course.findMany({
          where: { id: { in: [...new Set(rows.map((r) => r.courseId))] } },
          select: { id: true, title: true },
        }),
      ]);
      const person = new Map(people.map((p) => [p.id, p]));
      const title = new Map(courses.map((c) => [c.id, c.title]));
      const notices: LearningNotice[] = [];
      for (const row of rows) {
        const who = person.get(row.employeeId);
        const courseTitle = title.get(row.courseId) ?? '';
        const dueDate = fromDbDate(row.dueDate);
        const about = {
          tenantId: scope.tenantId,
          enrolmentId: row.id,
          employeeId: row.employeeId,
          courseTitle,
          dueDate,
        };
        const employeeName = who?.name ?? '';
        if (who?.userId)
          notices.push({ ...about, employeeName, userId: who.userId, kind: 'learning.training_overdue' });
        const managerUserId = who?.manager?.userId;
        if (managerUserId) {
          notices.push({ ...about, employeeName, userId: managerUserId, kind: 'learning.report_training_overdue' });
        }
        await emitLearningWebhookEvent(tx, 'learning.enrolment.overdue', {
          tenantId: scope.tenantId,
          id: row.id,
          employeeId: row.employeeId,
          courseId: row.courseId,
          courseTitle,
          status: row.status,
          dueDate,
          completedAt: null,
        });
      }
      await notifyLearning(tx, notices);
      return rows.length;
    });
    reminded += count;
    if (count < PAGE) return reminded;
  }
}
