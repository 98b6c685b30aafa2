import type { PrismaClient } from '../../db/prismaClient';
import { demoPeople } from '../../prisma/seed';
import type { CompanySample } from './companySamples';
import type { DemoKey } from './identity';

let n = 0;
const acmeId = async (db: PrismaClient) => (await db.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } })).id;
const employeeId = async (db: PrismaClient, who: DemoKey) =>
  (await db.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } })).id;

/** A fresh active course of Acme, made directly (what the samples act on). */
export async function acmeCourseOf(db: PrismaClient, opts: { validityMonths?: number } = {}): Promise<string> {
  const course = await db.course.create({
    data: {
      tenantId: await acmeId(db),
      title: `Course ${Date.now()}-${++n}`,
      validityMonths: opts.validityMonths ?? null,
    },
  });
  return course.id;
}

/** A session of a fresh course, a year after the tests' today, with ten seats. */
export async function acmeSessionOf(db: PrismaClient): Promise<string> {
  const courseId = await acmeCourseOf(db);
  const session = await db.courseSession.create({
    data: {
      tenantId: await acmeId(db),
      courseId,
      startsAt: new Date('2027-11-10T09:00:00.000Z'),
      endsAt: new Date('2027-11-10T17:00:00.000Z'),
      capacity: 10,
    },
  });
  return session.id;
}

/** A fresh ENROLLED enrolment of `who` in a fresh course, made by themself. */
export async function enrolmentOf(db: PrismaClient, who: DemoKey): Promise<string> {
  const person = await db.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });
  const enrolment = await db.enrolment.create({
    data: {
      tenantId: person.tenantId,
      courseId: await acmeCourseOf(db),
      employeeId: person.id,
      status: 'ENROLLED',
      createdByUserId: person.userId!,
    },
  });
  return enrolment.id;
}

/** The sample requests of Learning's operations for the authorization matrix, acting on Alice's records. */
export function learningSamples(db: () => PrismaClient): Record<string, (who: DemoKey) => Promise<CompanySample>> {
  return {
    list_courses: async () => ({ method: 'GET', url: '/api/learning/courses' }),
    create_course: async () => ({ method: 'POST', url: '/api/learning/courses', payload: { title: `M ${++n}` } }),
    update_course: async () => ({
      method: 'PATCH',
      url: `/api/learning/courses/${await acmeCourseOf(db())}`,
      payload: { provider: 'Matrix Academy' },
    }),
    list_course_sessions: async () => ({
      method: 'GET',
      url: `/api/learning/courses/${await acmeCourseOf(db())}/sessions`,
    }),
    create_course_session: async () => ({
      method: 'POST',
      url: `/api/learning/courses/${await acmeCourseOf(db())}/sessions`,
      payload: { startsAt: '2027-11-10T09:00:00.000Z', endsAt: '2027-11-10T12:00:00.000Z', capacity: 5 },
    }),
    update_course_session: async () => ({
      method: 'PATCH',
      url: `/api/learning/sessions/${await acmeSessionOf(db())}`,
      payload: { location: 'Room 2' },
    }),
    list_enrolments: async () => ({ method: 'GET', url: '/api/learning/enrolments' }),
    // Alice's: herself, her manager, the director of her department and HR see it; HR and she write it.
    get_enrolment: async () => ({ method: 'GET', url: `/api/learning/enrolments/${await enrolmentOf(db(), 'alice')}` }),
    create_enrolment: async (who) => ({
      method: 'POST',
      url: '/api/learning/enrolments',
      payload: { courseId: await acmeCourseOf(db()), employeeId: await employeeId(db(), who) },
    }),
    complete_enrolment: async () => ({
      method: 'POST',
      url: `/api/learning/enrolments/${await enrolmentOf(db(), 'alice')}/complete`,
    }),
    cancel_enrolment: async () => ({
      method: 'POST',
      url: `/api/learning/enrolments/${await enrolmentOf(db(), 'alice')}/cancel`,
    }),
    choose_enrolment_session: async () => ({
      method: 'PATCH',
      url: `/api/learning/enrolments/${await enrolmentOf(db(), 'alice')}`,
      payload: { sessionId: null },
    }),
    list_training_requirements: async () => ({ method: 'GET', url: '/api/learning/requirements' }),
    create_training_requirement: async () => ({
      method: 'POST',
      url: '/api/learning/requirements',
      payload: { courseId: await acmeCourseOf(db()), role: 'OWNER', dueWithinDays: 30 },
    }),
  };
}
