import { addDays } from '../../../engines/leave/dates';
import {
  learningOverdueStateQuery,
  learningOverdueWorkflowId,
  learningSweepWorkflowType,
} from '../../../workflows/learningOverdue/messages';
import type { learningSweep } from '../../../workflows/learningOverdue/learningOverdue';
import { startCompanyKit, type CompanyKit } from '../../support/companyKit';
import { todayOf } from '../../support/leave';
import { waitFor } from '../../support/waitFor';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * Learning's daily pass on the real dev server, started as the hourly schedule starts it (the `learningSweep`
 * workflow), on a test time scale of DAY_MS per calendar day: a person who joins after a requirement was created is
 * assigned it with its due date; an overdue training is reminded to the person and their manager on the first day
 * after its due date, not before, and once however many days pass; a completed one never is.
 */
const DAY_MS = 2_000;
let kit: CompanyKit;
let tenantId: string;

beforeAll(async () => {
  kit = await startCompanyKit({ dayMs: DAY_MS });
  tenantId = (await kit.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } })).id;
});
afterAll(async () => {
  await kit?.temporal.client.workflow
    .getHandle(learningOverdueWorkflowId(tenantId))
    .terminate('test over')
    .catch(() => undefined);
  await kit?.close();
});

const created = async (res: { statusCode: number; json(): { data: Record<string, { id: string }> } }, key: string) => {
  expect(res.statusCode).toBe(201);
  return res.json().data[key]!.id;
};

describe('the daily learning pass', () => {
  it('assigns newcomers, and reminds an overdue training once to the person and their manager', async () => {
    const today = await todayOf(kit.db.prisma, 'alice');
    const engineering = await kit.db.prisma.department.findFirstOrThrow({ where: { tenantId, name: 'Engineering' } });
    const lab = await kit.db.prisma.department.create({ data: { tenantId, name: 'Learning Lab' } });
    const hook = await queuedWebhookOf(kit.db.prisma, 'manager', ['learning.enrolment.overdue']);
    const safety = await created(await kit.call('hr', 'POST', '/api/learning/courses', { title: 'Safety' }), 'course');
    const intro = await created(await kit.call('hr', 'POST', '/api/learning/courses', { title: 'Intro' }), 'course');
    // Due tomorrow for Engineering's employees; the Lab has nobody yet.
    await created(
      await kit.call('hr', 'POST', '/api/learning/requirements', {
        courseId: safety,
        role: 'EMPLOYEE',
        departmentId: engineering.id,
        dueWithinDays: 1,
      }),
      'requirement',
    );
    await created(
      await kit.call('hr', 'POST', '/api/learning/requirements', {
        courseId: intro,
        departmentId: lab.id,
        dueWithinDays: 5,
      }),
      'requirement',
    );
    const enrolmentOf = async (email: string, courseId: string) => {
      const person = await kit.db.prisma.employee.findFirstOrThrow({ where: { email } });
      return kit.db.prisma.enrolment.findFirstOrThrow({ where: { courseId, employeeId: person.id } });
    };
    const alices = await enrolmentOf('alice@acme.test', safety);
    const bobs = await enrolmentOf('bob@acme.test', safety);
    expect((await kit.call('bob', 'POST', `/api/learning/enrolments/${bobs.id}/complete`)).statusCode).toBe(200);
    const newcomer = await created(
      await kit.call('hr', 'POST', '/api/people', {
        name: 'Nora New',
        email: 'nora.new@acme.test',
        jobTitle: 'Lab Assistant',
        hireDate: today,
        departmentId: lab.id,
      }),
      'person',
    );

    const sweep = await kit.temporal.client.workflow.execute<typeof learningSweep>(learningSweepWorkflowType, {
      workflowId: `learning-sweep-test/${tenantId}`,
      taskQueue: kit.taskQueue,
      args: [],
    });
    expect(sweep).toEqual({ started: 1 });
    const pass = kit.temporal.client.workflow.getHandle(learningOverdueWorkflowId(tenantId));
    const state = () => pass.query(learningOverdueStateQuery);

    // Day 0 (today): Nora is assigned the Lab's course, due in five days from the day it was assigned.
    await waitFor('Nora’s assignment', async () => (await state()).sweptThrough !== null, { timeoutMs: 30_000 });
    const noras = await kit.db.prisma.enrolment.findFirstOrThrow({ where: { employeeId: newcomer, courseId: intro } });
    expect(noras.dueDate?.toISOString().slice(0, 10)).toBe(addDays(today, 5));

    // Due on day 1, overdue from day 2: reminded then, and not before.
    await waitFor(
      'Alice’s overdue reminder',
      async () =>
        (await kit.db.prisma.enrolment.findUniqueOrThrow({ where: { id: alices.id } })).remindedOverdueAt !== null,
      { timeoutMs: 30_000 },
    );
    const started = (await pass.describe()).startTime.getTime();
    const emails = new Map((await kit.db.prisma.user.findMany({ where: { tenantId } })).map((u) => [u.id, u.email]));
    const reminders = async () =>
      kit.db.prisma.notification.findMany({
        where: { data: { path: ['enrolmentId'], equals: alices.id }, kind: { startsWith: 'learning.' } },
      });
    const first = await reminders();
    const overdueNotices = first.filter((r) => r.kind !== 'learning.training_assigned');
    expect(overdueNotices).toHaveLength(2);
    for (const r of overdueNotices) expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(started + 2 * DAY_MS);

    // Two days later still one each: the person and her manager.
    await waitFor('two more days swept', async () => (await state()).sweptThrough! >= addDays(today, 4), {
      timeoutMs: 30_000,
    });
    const kinds = (await reminders()).map((r) => `${r.kind} ${emails.get(r.userId)}`).sort();
    expect(kinds).toEqual([
      'learning.report_training_overdue manager@acme.test',
      'learning.training_assigned alice@acme.test',
      'learning.training_overdue alice@acme.test',
    ]);
    // Every overdue enrolment was reminded once; Bob's completed one never; Nora's is not due yet.
    const overdue = await kit.db.prisma.enrolment.findMany({ where: { courseId: safety, status: 'ENROLLED' } });
    expect(overdue.every((e) => e.remindedOverdueAt !== null)).toBe(true);
    const told = await kit.db.prisma.notification.findMany({ where: { kind: 'learning.training_overdue' } });
    const toldOf = told.map((t) => (t.data as { enrolmentId: string }).enrolmentId).sort();
    expect(toldOf).toEqual(overdue.map((e) => e.id).sort());
    // Her manager's webhook: one event for each overdue enrolment of his team (Alice and Bob report to him).
    const events = (await hook.deliveries()).map((d) => (d.payload as { data: { enrolment: { id: string } } }).data);
    expect(events.filter((e) => e.enrolment.id === alices.id)).toHaveLength(1);
    expect(events.map((e) => e.enrolment.id)).not.toContain(bobs.id);
    expect((await kit.db.prisma.enrolment.findUniqueOrThrow({ where: { id: bobs.id } })).remindedOverdueAt).toBeNull();
    expect((await kit.db.prisma.enrolment.findUniqueOrThrow({ where: { id: noras.id } })).remindedOverdueAt).toBeNull();
  });
});
