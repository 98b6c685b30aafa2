import type { Actor } from '../../../engines/access/actor';
import { createRequest } from '../../../engines/leave/createRequest';
import { addDays } from '../../../engines/leave/dates';
import { decideRequest } from '../../../engines/leave/decideRequest';
import { listApprovals } from '../../../engines/leave/listRequests';
import {
  escalateToHr,
  getLeaveRequestState,
  markCompleted,
  markInProgress,
  remindApprover,
} from '../../../engines/leave/transitions';
import { authenticate } from '../../../engines/tokens/authenticate';
import { seedDemo } from '../../../prisma/seed';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { testClock } from '../../support/clock';
import { tokenFor, type DemoKey } from '../../support/identity';
import { cleanWeek, idsOf } from '../../support/leave';

let db: TestDatabase;
let nextWeek = 100;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.prisma, { clock: testClock() });
});
afterAll(() => db?.drop());

const actorOf = async (who: DemoKey): Promise<Actor> =>
  authenticate(db.prisma, await tokenFor(db.prisma, who, ['leave:read', 'leave:write']));

async function pending(who: DemoKey = 'alice') {
  const week = await cleanWeek(db.prisma, who, (nextWeek += 14));
  const { request } = await createRequest(
    db.prisma,
    await actorOf(who),
    { start_date: week.monday, days: 2 },
    { port: null, clock: testClock() },
  );
  return { id: request.id, tenantId: (await idsOf(db.prisma, who)).tenantId, week };
}
const kindsTo = async (requestId: string, kind: string) =>
  (await db.prisma.notification.findMany({ where: { kind, data: { path: ['requestId'], equals: requestId } } }))
    .map((n) => n.userId)
    .sort();

describe('the transitions the leave approval workflow takes', () => {
  it('reads the state the workflow plans with, or null for an unknown request', async () => {
    const { id, tenantId, week } = await pending();
    expect(await getLeaveRequestState(db.prisma, tenantId, id)).toEqual({
      status: 'PENDING',
      startDate: week.monday,
      endDate: addDays(week.monday, 1),
      timeZone: 'Europe/Berlin',
    });
    expect(await getLeaveRequestState(db.prisma, tenantId, '01900000-0000-7000-8000-000000000000')).toBeNull();
    const globex = await idsOf(db.prisma, 'dan');
    expect(await getLeaveRequestState(db.prisma, globex.tenantId, id)).toBeNull();
  });

  it('reminds the approver once, however often the step runs, and not after the decision', async () => {
    const { id, tenantId } = await pending();
    const manager = await idsOf(db.prisma, 'manager');
    const at = new Date('2030-01-01T09:00:00Z');
    expect(await remindApprover(db.prisma, tenantId, id, at)).toBe('PENDING');
    // A retried activity reads its clock again: a later instant must not remind twice.
    expect(await remindApprover(db.prisma, tenantId, id, new Date('2030-01-01T09:00:05Z'))).toBe('PENDING');
    expect(await kindsTo(id, 'leave.reminder')).toEqual([manager.userId]);
    expect((await db.prisma.leaveRequest.findUniqueOrThrow({ where: { id } })).remindedAt).toEqual(at);

    await decideRequest(
      db.prisma,
      await actorOf('manager'),
      id,
      { decision: 'approve' },
      { port: null, clock: testClock() },
    );
    expect(await remindApprover(db.prisma, tenantId, id, new Date('2030-01-05T09:00:00Z'))).toBe('APPROVED');
    expect(await kindsTo(id, 'leave.reminder')).toHaveLength(1);
  });

  it('reminds HR again after an escalation, once', async () => {
    const { id, tenantId } = await pending();
    await remindApprover(db.prisma, tenantId, id, new Date('2030-01-01T09:00:00Z'));
    await escalateToHr(db.prisma, tenantId, id, new Date('2030-01-03T09:00:00Z'));
    await remindApprover(db.prisma, tenantId, id, new Date('2030-01-05T09:00:00Z'));
    await remindApprover(db.prisma, tenantId, id, new Date('2030-01-05T09:00:01Z'));
    const hrUsers = [
      (await idsOf(db.prisma, 'hr')).userId,
      (await idsOf(db.prisma, 'admin')).userId,
      (await idsOf(db.prisma, 'owner')).userId,
    ];
    expect(await kindsTo(id, 'leave.reminder')).toEqual(
      [(await idsOf(db.prisma, 'manager')).userId, ...hrUsers].sort(),
    );
  });

  it('escalates a request the manager did not decide to HR, once, even when called twice at once', async () => {
    const { id, tenantId } = await pending();
    const now = new Date();
    const results = await Promise.all([
      escalateToHr(db.prisma, tenantId, id, now),
      escalateToHr(db.prisma, tenantId, id, now),
    ]);
    expect(results).toEqual(['PENDING', 'PENDING']);
    expect(await db.prisma.leaveRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
      routedTo: 'HR',
      approverEmployeeId: null,
      escalatedAt: now,
    });
    const hrUsers = [
      (await idsOf(db.prisma, 'hr')).userId,
      (await idsOf(db.prisma, 'admin')).userId,
      (await idsOf(db.prisma, 'owner')).userId,
    ];
    expect(await kindsTo(id, 'leave.escalated')).toEqual(hrUsers.sort());
    expect((await listApprovals(db.prisma, await actorOf('hr'), 200)).map((r) => r.id)).toContain(id);
    expect((await listApprovals(db.prisma, await actorOf('manager'), 200)).map((r) => r.id)).not.toContain(id);
    await expect(
      decideRequest(
        db.prisma,
        await actorOf('manager'),
        id,
        { decision: 'approve' },
        { port: null, clock: testClock() },
      ),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('moves an approved request to IN_PROGRESS and then COMPLETED, each step a no-op when repeated', async () => {
    const { id, tenantId } = await pending();
    const now = new Date();
    expect(await markInProgress(db.prisma, tenantId, id, now)).toBe('PENDING');
    expect(await markCompleted(db.prisma, tenantId, id, now)).toBe('PENDING');
    await decideRequest(
      db.prisma,
      await actorOf('manager'),
      id,
      { decision: 'approve' },
      { port: null, clock: testClock() },
    );
    expect(await markInProgress(db.prisma, tenantId, id, now)).toBe('IN_PROGRESS');
    expect(await markInProgress(db.prisma, tenantId, id, now)).toBe('IN_PROGRESS');
    expect(await markCompleted(db.prisma, tenantId, id, now)).toBe('COMPLETED');
    expect(await markCompleted(db.prisma, tenantId, id, now)).toBe('COMPLETED');
    expect(await markInProgress(db.prisma, tenantId, id, now)).toBe('COMPLETED');
  });

  it('completes an approved request the workflow never saw start, and leaves a rejected one alone', async () => {
    const approved = await pending('bob');
    await decideRequest(
      db.prisma,
      await actorOf('manager'),
      approved.id,
      { decision: 'approve' },
      { port: null, clock: testClock() },
    );
    expect(await markCompleted(db.prisma, approved.tenantId, approved.id, new Date())).toBe('COMPLETED');
    const rejected = await pending('bob');
    await decideRequest(
      db.prisma,
      await actorOf('manager'),
      rejected.id,
      { decision: 'reject' },
      { port: null, clock: testClock() },
    );
    expect(await markCompleted(db.prisma, rejected.tenantId, rejected.id, new Date())).toBe('REJECTED');
    expect(await escalateToHr(db.prisma, rejected.tenantId, rejected.id, new Date())).toBe('REJECTED');
  });
});
