import type { Prisma } from '../../db/models';
import { fromDbDate, type IsoDate } from '../leave/dates';
import { notifyLearning } from './learningNotifications';

/**
 * Assigns required trainings (company-api.md, Learning: "required trainings assigned by role/department"): an
 * enrolment due `dueWithinDays` from `today` for every active employee a requirement applies to (their user's
 * role and their department, where the requirement names them) who has neither an active enrolment in the course
 * nor a completion still valid today. One INSERT ... SELECT for the whole set, whatever its size; a person two
 * requirements of one course apply to gets one enrolment, with the earlier due date. Run when a requirement is
 * created (for it alone) and by the daily sweep (for all: new employees, moves, completions that expired).
 * The courses are locked first, in id order, as every enrolment into a course locks it (courses.ts).
 * Each person assigned one is told, in the same transaction. Answers how many were assigned.
 */
export async function assignRequiredTrainings(
  tx: Prisma.TransactionClient,
  scope: { tenantId: string; today: IsoDate; timeZone: string; requirementId?: string | undefined },
): Promise<number> {
  const { tenantId, today, timeZone } = scope;
  const requirementId = scope.requirementId ?? null;
  await tx.$queryRaw`
    SELECT id FROM courses
    WHERE tenant_id = ${tenantId}::uuid AND id IN (
      SELECT course_id FROM training_requirements
      WHERE tenant_id = ${tenantId}::uuid AND (${requirementId}::uuid IS NULL OR id = ${requirementId}::uuid))
    ORDER BY id FOR UPDATE`;
  const assigned = await tx.$queryRaw<Array<{ id: string; employeeId: string; courseId: string; dueDate: Date }>>`
    WITH matches AS (
      SELECT DISTINCT ON (r.course_id, e.id)
        r.id AS requirement_id, r.course_id, e.id AS employee_id, r.due_within_days, r.created_by_user_id
      FROM training_requirements r
      JOIN courses c ON c.id = r.course_id AND c.active
      JOIN employees e ON e.tenant_id = r.tenant_id
      LEFT JOIN users u ON u.id = e.user_id
      WHERE r.tenant_id = ${tenantId}::uuid
        AND (${requirementId}::uuid IS NULL OR r.id = ${requirementId}::uuid)
        AND (e.termination_date IS NULL OR e.termination_date >= ${today}::date)
        AND (r.role IS NULL OR u.role = r.role)
        AND (r.department_id IS NULL OR e.department_id = r.department_id)
        AND NOT EXISTS (
          SELECT 1 FROM enrolments x
          WHERE x.tenant_id = r.tenant_id AND x.course_id = r.course_id AND x.employee_id = e.id
            AND (x.status = 'ENROLLED'
              OR (x.status = 'COMPLETED' AND (c.validity_months IS NULL
                OR ((x.completed_at AT TIME ZONE ${timeZone})::date
                    + make_interval(months => c.validity_months))::date > ${today}::date))))
      ORDER BY r.course_id, e.id, r.due_within_days, r.id
    )
    INSERT INTO enrolments (id, tenant_id, course_id, employee_id, status, requirement_id, due_date,
      created_by_user_id, created_at, updated_at)
    SELECT
      -- A UUIDv7 (the ids Prisma makes elsewhere): the time in milliseconds over the first 48 bits of a random one.
      encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid,
      ${tenantId}::uuid, m.course_id, m.employee_id, 'ENROLLED', m.requirement_id,
      ${today}::date + m.due_within_days, m.created_by_user_id, now(), now()
    FROM matches m
    RETURNING id::text AS "id", employee_id::text AS "employeeId", course_id::text AS "courseId",
      due_date AS "dueDate"`;
  if (assigned.length === 0) return 0;
  const [people, courses] = await Promise.all([
    tx.employee.findMany({
      where: { id: { in: [...new Set(assigned.map((a) => a.employeeId))] } },
      select: { id: true, name: true, userId: true },
    }),
    tx.course.findMany({
      where: { id: { in: [...new Set(assigned.map((a) => a.courseId))] } },
      select: { id: true, title: true },
    }),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const title = new Map(courses.map((c) => [c.id, c.title]));
  await notifyLearning(
    tx,
    assigned.flatMap((a) => {
      const who = person.get(a.employeeId);
      if (!who?.userId) return [];
      return [
        {
          tenantId,
          userId: who.userId,
          kind: 'learning.training_assigned' as const,
          enrolmentId: a.id,
          employeeId: a.employeeId,
          employeeName: who.name,
          courseTitle: title.get(a.courseId) ?? '',
          dueDate: fromDbDate(a.dueDate),
        },
      ];
    }),
  );
  return assigned.length;
}
