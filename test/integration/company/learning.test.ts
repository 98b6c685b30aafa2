import { addDays } from '../../../engines/leave/dates';
import { sweepLearning } from '../../../engines/learning/learningSweep';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * Learning (company-api.md) through the HTTP API: the course catalogue and its sessions, enrolments (capacity,
 * one active per person and course, completion, cancellation), required trainings assigned to exactly whom they
 * apply to, the overdue list, and who sees whose enrolments. The daily pass (new people, overdue reminders) runs
 * on Temporal: test/integration/learning/learningOverdue.test.ts.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const send = async (who: DemoKey, method: string, url: string, payload?: object) =>
  h.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(await tokenFor(h.db.prisma, who, ['learning:read', 'learning:write'])),
    ...(payload ? { payload } : {}),
  });
const idOf = async (who: DemoKey) =>
  (await h.db.prisma.employee.findFirstOrThrow({ where: { email: `${who}@acme.test` } })).id;
const rows = async () => ({
  courses: await h.db.prisma.course.count(),
  sessions: await h.db.prisma.courseSession.count(),
  enrolments: await h.db.prisma.enrolment.count(),
  requirements: await h.db.prisma.trainingRequirement.count(),
});
let n = 0;
const newCourse = async (extra: object = {}) => {
  const res = await send('hr', 'POST', '/api/learning/courses', { title: `Course ${++n}`, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json().data.course as { id: string; title: string };
};
// A session a month after the tests' day: not begun, whatever day the suite runs on.
const newSession = async (courseId: string, capacity: number | null) => {
  const day = addDays(await todayOf(h.db.prisma, 'hr'), 30);
  const res = await send('hr', 'POST', `/api/learning/courses/${courseId}/sessions`, {
    startsAt: `${day}T09:00:00.000Z`,
    endsAt: `${day}T17:00:00.000Z`,
    location: 'Berlin, room 4',
    capacity,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.session as { id: string };
};

/** The same day `months` later, or that month's last day (2027-01-31 + 1 month = 2027-02-28). */
function monthsLater(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

describe('courses and sessions', () => {
  it('lets HR create, change and deactivate a course that everyone reads', async () => {
    const created = await send('hr', 'POST', '/api/learning/courses', {
      title: 'Fire safety',
      description: 'Where the exits are',
      provider: 'In house',
      durationMinutes: 90,
      validityMonths: 12,
    });
    expect(created.statusCode).toBe(201);
    const course = created.json().data.course;
    expect(course).toMatchObject({ title: 'Fire safety', durationMinutes: 90, validityMonths: 12, active: true });
    const changed = await send('hr', 'PATCH', `/api/learning/courses/${course.id}`, { title: 'Fire safety 101' });
    expect(changed.json().data.course.title).toBe('Fire safety 101');
    expect((await send('hr', 'PATCH', `/api/learning/courses/${course.id}`, { active: false })).statusCode).toBe(200);

    const inactive = (await send('alice', 'GET', '/api/learning/courses?active=false')).json().data.courses;
    expect(inactive.map((c: { id: string }) => c.id)).toContain(course.id);
    const active = (await send('alice', 'GET', '/api/learning/courses?active=true')).json().data.courses;
    expect(active.map((c: { id: string }) => c.id)).not.toContain(course.id);
    expect((await send('alice', 'POST', '/api/learning/courses', { title: 'Mine' })).statusCode).toBe(403);
    const twice = await send('hr', 'POST', '/api/learning/courses', { title: 'Fire safety 101' });
    expect(twice.statusCode).toBe(409);
    // Nobody enrols in a deactivated course, and no session of it is scheduled.
    const enrol = await send('alice', 'POST', '/api/learning/enrolments', { courseId: course.id });
    expect({ status: enrol.statusCode, error: enrol.json().error }).toEqual({ status: 409, error: 'conflict' });
  });

  it('refuses each bad course or session input with a 400 naming the field, and writes nothing', async () => {
    const course = await newCourse();
    const before = await rows();
    const cases: Array<[string, string, object, string]> = [
      ['POST', '/api/learning/courses', { title: '' }, 'title'],
      ['POST', '/api/learning/courses', { title: 'x'.repeat(201) }, 'title'],
      ['POST', '/api/learning/courses', { title: 'A\u0000B' }, 'title'],
      ['POST', '/api/learning/courses', { title: 'Ok', validityMonths: 0 }, 'validityMonths'],
      ['POST', '/api/learning/courses', { title: 'Ok', durationMinutes: 1.5 }, 'durationMinutes'],
      ['POST', '/api/learning/courses', { title: 'Ok', colour: 'red' }, 'colour'],
      ['PATCH', `/api/learning/courses/${course.id}`, { active: 'no' }, 'active'],
      [
        'POST',
        `/api/learning/courses/${course.id}/sessions`,
        { startsAt: '2027-03-01T09:00:00.000Z', endsAt: '2027-03-01T08:00:00.000Z' },
        'endsAt',
      ],
      [
        'POST',
        `/api/learning/courses/${course.id}/sessions`,
        { startsAt: '2027-03-01 09:00', endsAt: '2027-03-01T10:00:00.000Z' },
        'startsAt',
      ],
      [
        'POST',
        `/api/learning/courses/${course.id}/sessions`,
        { startsAt: '2300-03-01T09:00:00.000Z', endsAt: '2300-03-01T10:00:00.000Z' },
        'startsAt',
      ],
      [
        'POST',
        `/api/learning/courses/${course.id}/sessions`,
        { startsAt: '2027-03-01T09:00:00.000Z', endsAt: '2027-03-01T10:00:00.000Z', capacity: 0 },
        'capacity',
      ],
      ['POST', '/api/learning/enrolments', { courseId: 'not-a-uuid' }, 'courseId'],
      ['POST', '/api/learning/enrolments', { courseId: '0192f5d2-7a4b-7000-8000-000000000000' }, 'courseId'],
      ['POST', '/api/learning/requirements', { courseId: course.id, dueWithinDays: 0 }, 'dueWithinDays'],
      ['POST', '/api/learning/requirements', { courseId: course.id, dueWithinDays: 5, role: 'KING' }, 'role'],
      [
        'POST',
        '/api/learning/requirements',
        { courseId: course.id, dueWithinDays: 5, departmentId: '0192f5d2-7a4b-7000-8000-000000000000' },
        'departmentId',
      ],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await send('hr', method, url, payload);
      expect({ url, payload, status: res.statusCode, error: res.json().error }).toEqual({
        url,
        payload,
        status: 400,
        error: 'bad_request',
      });
      expect({ payload, reason: res.json().reason }).toEqual({ payload, reason: expect.stringContaining(field) });
    }
    expect(await rows()).toEqual(before);
  });
});

describe('enrolments', () => {
  it('fills a session to its capacity, then answers 409; one active enrolment per person and course', async () => {
    const course = await newCourse();
    const session = await newSession(course.id, 2);
    const alice = await send('alice', 'POST', '/api/learning/enrolments', {
      courseId: course.id,
      sessionId: session.id,
    });
    expect(alice.statusCode).toBe(201);
    expect(alice.json().data.enrolment).toMatchObject({
      courseTitle: course.title,
      sessionId: session.id,
      employeeName: 'Alice Anders',
      status: 'ENROLLED',
      dueDate: null,
      overdue: false,
    });
    const again = await send('alice', 'POST', '/api/learning/enrolments', { courseId: course.id });
    expect({ status: again.statusCode, reason: again.json().reason }).toEqual({
      status: 409,
      reason: expect.stringContaining('ENROLLED'),
    });
    // Bob's manager enrols him: the second seat.
    const bob = await send('manager', 'POST', '/api/learning/enrolments', {
      courseId: course.id,
      sessionId: session.id,
      employeeId: await idOf('bob'),
    });
    expect(bob.statusCode).toBe(201);
    const before = await rows();
    const full = await send('hr', 'POST', '/api/learning/enrolments', {
      courseId: course.id,
      sessionId: session.id,
      employeeId: await idOf('carol'),
    });
    expect({ status: full.statusCode, reason: full.json().reason }).toEqual({
      status: 409,
      reason: expect.stringContaining('full: 2 of 2'),
    });
    expect(await rows()).toEqual(before);
    const seats = (await send('carol', 'GET', `/api/learning/courses/${course.id}/sessions`)).json().data.sessions;
    expect(seats).toEqual([expect.objectContaining({ id: session.id, capacity: 2, enrolled: 2, seatsLeft: 0 })]);
    // HR may not cut the capacity below the seats taken; a cancellation frees a seat for Carol.
    expect((await send('hr', 'PATCH', `/api/learning/sessions/${session.id}`, { capacity: 1 })).statusCode).toBe(409);
    const cancelled = await send('alice', 'POST', `/api/learning/enrolments/${alice.json().data.enrolment.id}/cancel`);
    expect(cancelled.json().data.enrolment.status).toBe('CANCELLED');
    const carol = await send('hr', 'POST', '/api/learning/enrolments', {
      courseId: course.id,
      sessionId: session.id,
      employeeId: await idOf('carol'),
    });
    expect(carol.statusCode).toBe(201);
    const told = await h.db.prisma.notification.count({
      where: { kind: 'learning.enrolled', data: { path: ['enrolmentId'], equals: carol.json().data.enrolment.id } },
    });
    expect(told).toBe(1);
  });

  it('takes two enrolments sent at once into the last seat as one success and one 409', async () => {
    const course = await newCourse();
    const session = await newSession(course.id, 1);
    const [a, b] = await Promise.all(
      (['alice', 'bob'] as const).map((who) =>
        send(who, 'POST', '/api/learning/enrolments', { courseId: course.id, sessionId: session.id }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    expect(await h.db.prisma.enrolment.count({ where: { sessionId: session.id } })).toBe(1);
  });

  it('does not enrol someone who has left, nor into a session that has begun (409), and writes nothing', async () => {
    const course = await newCourse();
    const acme = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const leaver = await h.db.prisma.employee.create({
      data: {
        tenantId: acme.id,
        employeeNumber: 9_001,
        name: 'Lee Left',
        email: 'lee.left@acme.test',
        jobTitle: 'Former',
        hireDate: new Date('2020-01-06T00:00:00.000Z'),
        terminationDate: new Date(`${addDays(await todayOf(h.db.prisma, 'hr'), -1)}T00:00:00.000Z`),
      },
    });
    const before = await rows();
    const res = await send('hr', 'POST', '/api/learning/enrolments', { courseId: course.id, employeeId: leaver.id });
    expect({ status: res.statusCode, reason: res.json().reason }).toEqual({
      status: 409,
      reason: expect.stringContaining('left on'),
    });
    const yesterday = addDays(await todayOf(h.db.prisma, 'hr'), -1);
    const begun = await send('hr', 'POST', `/api/learning/courses/${course.id}/sessions`, {
      startsAt: `${yesterday}T09:00:00.000Z`,
      endsAt: `${addDays(yesterday, 3)}T17:00:00.000Z`,
    });
    const late = await send('alice', 'POST', '/api/learning/enrolments', {
      courseId: course.id,
      sessionId: begun.json().data.session.id,
    });
    expect({ status: late.statusCode, reason: late.json().reason }).toEqual({
      status: 409,
      reason: expect.stringContaining('began'),
    });
    expect(await rows()).toEqual({ ...before, sessions: before.sessions + 1 });
  });

  it('records a completion by the person or HR, once, with its validity; not by their manager', async () => {
    const course = await newCourse({ validityMonths: 12 });
    const managersHook = await queuedWebhookOf(h.db.prisma, 'manager', ['learning.enrolment.completed']);
    const salesHook = await queuedWebhookOf(h.db.prisma, 'salesManager', ['learning.enrolment.completed']);
    const enrolled = await send('alice', 'POST', '/api/learning/enrolments', { courseId: course.id });
    const id = enrolled.json().data.enrolment.id;
    expect((await send('manager', 'POST', `/api/learning/enrolments/${id}/complete`)).statusCode).toBe(403);
    expect((await send('carol', 'POST', `/api/learning/enrolments/${id}/complete`)).statusCode).toBe(404);
    const done = await send('alice', 'POST', `/api/learning/enrolments/${id}/complete`);
    expect(done.statusCode).toBe(200);
    const today = await todayOf(h.db.prisma, 'alice');
    expect(done.json().data.enrolment).toMatchObject({
      status: 'COMPLETED',
      completedAt: expect.any(String),
      validUntil: monthsLater(today, 12),
    });
    const twice = await send('hr', 'POST', `/api/learning/enrolments/${id}/complete`);
    expect({ status: twice.statusCode, reason: twice.json().reason }).toEqual({
      status: 409,
      reason: expect.stringContaining('COMPLETED'),
    });
    // To the webhooks of those who see Alice: her manager's, not the sales manager's.
    const delivered = await managersHook.deliveries();
    expect(
      delivered.map((d) => [d.eventType, (d.payload as { data: { enrolment: { id: string } } }).data.enrolment.id]),
    ).toEqual([['learning.enrolment.completed', id]]);
    expect(await salesHook.deliveries()).toEqual([]);
  });

  it('shows a person their own enrolments, a manager their team’s, HR everyone’s; 404 out of sight', async () => {
    const course = await newCourse();
    const ids: Record<string, string> = {};
    for (const who of ['alice', 'carol', 'manager'] as const) {
      const res = await send(who, 'POST', '/api/learning/enrolments', { courseId: course.id });
      ids[who] = res.json().data.enrolment.id;
    }
    const seen = async (who: DemoKey) =>
      (await send(who, 'GET', `/api/learning/enrolments?courseId=${course.id}`))
        .json()
        .data.enrolments.map((e: { employeeName: string }) => e.employeeName);
    expect((await seen('alice')).sort()).toEqual(['Alice Anders']);
    expect((await seen('manager')).sort()).toEqual(['Alice Anders', 'Marcus Miller']);
    expect((await seen('director')).sort()).toEqual(['Alice Anders', 'Marcus Miller']);
    expect((await seen('hr')).sort()).toEqual(['Alice Anders', 'Carol Chen', 'Marcus Miller']);
    expect((await send('alice', 'GET', `/api/learning/enrolments/${ids.carol}`)).statusCode).toBe(404);
    expect((await send('manager', 'GET', `/api/learning/enrolments/${ids.carol}`)).statusCode).toBe(404);
    expect((await send('manager', 'GET', `/api/learning/enrolments/${ids.alice}`)).statusCode).toBe(200);
    // Nor may anyone but HR, a lead who sees them, or the person enrol them.
    const byAlice = await send('alice', 'POST', '/api/learning/enrolments', {
      courseId: (await newCourse()).id,
      employeeId: await idOf('carol'),
    });
    expect(byAlice.statusCode).toBe(404);
  });
});

describe('required trainings', () => {
  it('assigns a requirement to exactly the people it applies to, due within its days, and lists the overdue', async () => {
    const course = await newCourse();
    const engineering = await h.db.prisma.department.findFirstOrThrow({
      where: { name: 'Engineering', tenant: { domain: 'acme.test' } },
    });
    // Bob completed it already: a completion valid for ever satisfies it.
    const bobs = await send('bob', 'POST', '/api/learning/enrolments', { courseId: course.id });
    await send('bob', 'POST', `/api/learning/enrolments/${bobs.json().data.enrolment.id}/complete`);
    expect(
      (await send('manager', 'POST', '/api/learning/requirements', { courseId: course.id, dueWithinDays: 5 }))
        .statusCode,
    ).toBe(403);

    const res = await send('hr', 'POST', '/api/learning/requirements', {
      courseId: course.id,
      role: 'EMPLOYEE',
      departmentId: engineering.id,
      dueWithinDays: 14,
    });
    expect(res.statusCode).toBe(201);
    // Engineering's EMPLOYEEs (Alice, Bob and the generated specialists; not Carol in Sales nor Marcus, a
    // MANAGER), but Bob, who has completed it.
    const expected = await h.db.prisma.employee.findMany({
      where: { departmentId: engineering.id, user: { role: 'EMPLOYEE' }, NOT: { email: 'bob@acme.test' } },
      select: { name: true },
    });
    expect(expected.map((e) => e.name)).toContain('Alice Anders');
    expect(res.json().data).toMatchObject({
      assigned: expected.length,
      requirement: { role: 'EMPLOYEE', dueWithinDays: 14 },
    });
    const today = await todayOf(h.db.prisma, 'alice');
    const assigned = (
      await send('hr', 'GET', `/api/learning/enrolments?courseId=${course.id}&status=ENROLLED&limit=200`)
    ).json().data.enrolments as Array<{ id: string; employeeName: string }>;
    expect(assigned.map((e) => e.employeeName).sort()).toEqual(expected.map((e) => e.name).sort());
    for (const e of assigned) {
      expect(e).toMatchObject({
        requirementId: res.json().data.requirement.id,
        dueDate: addDays(today, 14),
        overdue: false,
      });
    }
    const alices = assigned.find((e) => e.employeeName === 'Alice Anders')!;
    const told = await h.db.prisma.notification.findMany({
      where: { kind: 'learning.training_assigned', data: { path: ['enrolmentId'], equals: alices.id } },
    });
    expect(told).toHaveLength(1);
    const same = await send('hr', 'POST', '/api/learning/requirements', {
      courseId: course.id,
      role: 'EMPLOYEE',
      departmentId: engineering.id,
      dueWithinDays: 3,
    });
    expect(same.statusCode).toBe(409);
    // A required training is HR's to lift.
    expect((await send('alice', 'POST', `/api/learning/enrolments/${alices.id}/cancel`)).statusCode).toBe(403);

    // Due yesterday: overdue for her, her manager and HR; a completion takes it off the list.
    await h.db.prisma.enrolment.update({
      where: { id: alices.id },
      data: { dueDate: new Date(`${addDays(today, -1)}T00:00:00.000Z`) },
    });
    const overdue = async (who: DemoKey) =>
      (await send(who, 'GET', '/api/learning/enrolments?overdue=true'))
        .json()
        .data.enrolments.map((e: { id: string }) => e.id);
    for (const who of ['alice', 'manager', 'hr'] as const) expect(await overdue(who)).toEqual([alices.id]);
    expect(await overdue('carol')).toEqual([]);
    const notOverdue = (
      await send('hr', 'GET', `/api/learning/enrolments?courseId=${course.id}&overdue=false&limit=200`)
    )
      .json()
      .data.enrolments.map((e: { employeeName: string }) => e.employeeName);
    expect(notOverdue).toHaveLength(expected.length);
    expect(notOverdue).toContain('Bob Brown');
    expect(notOverdue).not.toContain('Alice Anders');
    await send('alice', 'POST', `/api/learning/enrolments/${alices.id}/complete`);
    expect(await overdue('hr')).toEqual([]);
  });

  it('lets a person choose the session of a required training, within its seats; not their manager', async () => {
    const course = await newCourse();
    const full = await newSession(course.id, 1);
    const open = await newSession(course.id, 5);
    await send('carol', 'POST', '/api/learning/enrolments', { courseId: course.id, sessionId: full.id });
    await send('hr', 'POST', '/api/learning/requirements', { courseId: course.id, role: 'MANAGER', dueWithinDays: 20 });
    const [marcus] = (
      await send('manager', 'GET', `/api/learning/enrolments?courseId=${course.id}&employeeId=${await idOf('manager')}`)
    ).json().data.enrolments;
    expect(marcus).toMatchObject({ sessionId: null, requirementId: expect.any(String) });
    const url = `/api/learning/enrolments/${marcus.id}`;
    const before = await rows();
    const intoFull = await send('manager', 'PATCH', url, { sessionId: full.id });
    expect({ status: intoFull.statusCode, reason: intoFull.json().reason }).toEqual({
      status: 409,
      reason: expect.stringContaining('full'),
    });
    const otherCourse = await newSession((await newCourse()).id, null);
    const wrong = await send('manager', 'PATCH', url, { sessionId: otherCourse.id });
    expect({ status: wrong.statusCode, reason: wrong.json().reason }).toEqual({
      status: 400,
      reason: expect.stringContaining('sessionId'),
    });
    // Marcus's director sees him, but neither is he, nor did she enrol him.
    expect((await send('director', 'PATCH', url, { sessionId: open.id })).statusCode).toBe(403);
    expect(await rows()).toEqual({ ...before, courses: before.courses + 1, sessions: before.sessions + 1 });
    const chosen = await send('manager', 'PATCH', url, { sessionId: open.id });
    expect(chosen.json().data.enrolment).toMatchObject({ sessionId: open.id, status: 'ENROLLED' });
    const seats = (await send('manager', 'GET', `/api/learning/courses/${course.id}/sessions`)).json().data.sessions;
    expect(seats.map((x: { id: string; enrolled: number }) => [x.id, x.enrolled])).toEqual(
      expect.arrayContaining([
        [full.id, 1],
        [open.id, 1],
      ]),
    );
  });

  it('assigns a required training again on the daily pass of the day its completion expires, not before', async () => {
    const course = await newCourse({ validityMonths: 1 });
    const req = await send('hr', 'POST', '/api/learning/requirements', {
      courseId: course.id,
      role: 'OWNER',
      dueWithinDays: 10,
    });
    expect(req.json().data.assigned).toBe(1);
    const [olivias] = (await send('owner', 'GET', `/api/learning/enrolments?courseId=${course.id}`)).json().data
      .enrolments;
    const done = (await send('owner', 'POST', `/api/learning/enrolments/${olivias.id}/complete`)).json().data.enrolment;
    const today = await todayOf(h.db.prisma, 'owner');
    expect(done.validUntil).toBe(monthsLater(today, 1));
    const acme = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const passOn = (day: string) =>
      sweepLearning(h.db.prisma, { tenantId: acme.id, today: day, timeZone: acme.timeZone }, new Date());
    const ofCourse = () => h.db.prisma.enrolment.findMany({ where: { courseId: course.id }, orderBy: { id: 'asc' } });
    await passOn(addDays(done.validUntil, -1));
    expect(await ofCourse()).toHaveLength(1);
    await passOn(done.validUntil);
    const again = await ofCourse();
    expect(again.map((e) => [e.status, e.dueDate?.toISOString().slice(0, 10) ?? null])).toEqual([
      ['COMPLETED', addDays(today, 10)],
      ['ENROLLED', addDays(done.validUntil, 10)],
    ]);
  });

  it('assigns everyone active when a requirement names neither role nor department', async () => {
    const course = await newCourse();
    const res = await send('hr', 'POST', '/api/learning/requirements', { courseId: course.id, dueWithinDays: 30 });
    const acme = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const active = await h.db.prisma.employee.count({ where: { tenantId: acme.id, terminationDate: null } });
    expect(res.json().data.assigned).toBe(active);
    expect(await h.db.prisma.enrolment.count({ where: { courseId: course.id } })).toBe(active);
  });
});
