import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../../engines/access/actor';
import type { LeaveApprovalPort } from '../../engines/leave/approvalPort';
import { addDays, dayOfWeek, fromDbDate, todayIn, yearOf, type IsoDate } from '../../engines/leave/dates';
import { demoPeople } from '../../prisma/seed';
import { testClock } from './clock';
import { createRequest } from '../../engines/leave/createRequest';
import { createWfaRequest } from '../../engines/workFromAnywhere/wfaRequests';
import { authenticate } from '../../engines/tokens/authenticate';
import { tokenFor, type DemoKey } from './identity';

/**
 * A LeaveApprovalPort that records its calls: a test double of Temporal at the boundary of the engine (the
 * engine itself runs for real). `failWith` makes `start` throw, as an unreachable Temporal would.
 */
export function recordingPort(opts: { failWith?: Error } = {}) {
  const started: Array<{ tenantId: string; requestId: string; summary?: string; status?: string }> = [];
  const changed: Array<{ tenantId: string; requestId: string }> = [];
  const port: LeaveApprovalPort = {
    start: async (req) => {
      started.push(req);
      if (opts.failWith) throw opts.failWith;
      return { workflowId: `leave/${req.tenantId}/${req.requestId}` };
    },
    notifyChanged: async (req) => {
      changed.push(req);
    },
  };
  return { port, started, changed };
}

/** Rows of the leave tables that a write may add: a bad input must leave all three unchanged. */
export async function leaveRowCounts(prisma: PrismaClient) {
  return {
    requests: await prisma.leaveRequest.count(),
    ledger: await prisma.leaveLedgerEntry.count(),
    balances: await prisma.leaveBalance.count(),
    notifications: await prisma.notification.count(),
  };
}

/** Today in the calendar of the demo person's tenant, on the tests' calendar clock. */
export async function todayOf(prisma: PrismaClient, who: DemoKey): Promise<IsoDate> {
  const user = await prisma.user.findUniqueOrThrow({
    where: { email: demoPeople[who].email },
    include: { tenant: true },
  });
  return todayIn(user.tenant.timeZone, testClock().now());
}

/**
 * A Monday at least `afterDays` from today whose week (Monday to Friday; or `opts.days` calendar days from the
 * Monday) holds no public holiday of the person's tenant, stays in one year, and is free of every open request
 * of `who` (one person or several): working days that any test can book, whatever day the tests run on. Offsets
 * that the skipping of holidays, year ends and booked weeks would bring onto one week give two different weeks
 * once the first is booked.
 */
export async function cleanWeek(
  prisma: PrismaClient,
  who: DemoKey | DemoKey[],
  afterDays: number,
  opts: { days?: number } = {},
): Promise<{ monday: IsoDate; friday: IsoDate; year: number }> {
  const people = Array.isArray(who) ? who : [who];
  const calendars = await Promise.all(
    people.map(async (key) => {
      const employee = await prisma.employee.findFirstOrThrow({ where: { email: demoPeople[key].email } });
      return leaveCalendarOfEmployee(prisma, employee.tenantId, employee.id);
    }),
  );
  const days = opts.days ?? 5;
  let monday = addDays(calendars[0]!.today, afterDays);
  while (dayOfWeek(monday) !== 1) monday = addDays(monday, 1);
  for (;;) {
    const span = Array.from({ length: days }, (_, i) => addDays(monday, i));
    const clean =
      yearOf(span[0]!) === yearOf(span[span.length - 1]!) &&
      calendars.every((c) => span.every((d) => !c.holidays.has(d) && !c.isTaken(d)));
    if (clean) return { monday, friday: span[4]!, year: yearOf(monday) };
    monday = addDays(monday, 7);
  }
}

/**
 * The leave calendar of an employee as tests need it: today on the tests' clock, the tenant's public holidays,
 * the days the employee already has an open request on (the demo seed gives some people leave of their own,
 * around Christmas too), and whether a day is a free working day (a weekday, no holiday, no open request).
 */
export async function leaveCalendarOf(prisma: PrismaClient, actor: Actor) {
  return leaveCalendarOfEmployee(prisma, actor.tenant.id, actor.employee?.id);
}

async function leaveCalendarOfEmployee(prisma: PrismaClient, tenantId: string, employeeId: string | undefined) {
  const { timeZone } = await prisma.tenant.findUniqueOrThrow({ where: { id: tenantId } });
  const taken = await prisma.leaveRequest.findMany({
    where: { employeeId, status: { notIn: ['REJECTED', 'CANCELLED'] } },
    select: { startDate: true, endDate: true },
  });
  const holidays = new Set(
    (await prisma.publicHoliday.findMany({ where: { tenantId } })).map((h) => fromDbDate(h.date)),
  );
  const isTaken = (date: IsoDate) =>
    taken.some((r) => fromDbDate(r.startDate) <= date && date <= fromDbDate(r.endDate));
  const isWeekday = (date: IsoDate) => dayOfWeek(date) !== 0 && dayOfWeek(date) !== 6;
  return {
    today: todayIn(timeZone, testClock().now()),
    holidays,
    isTaken,
    isFreeWorkingDay: (date: IsoDate) => isWeekday(date) && !holidays.has(date) && !isTaken(date),
  };
}

/** The first free working day of the employee (see leaveCalendarOf) at least `days` days after today. */
export async function freeWorkingDay(prisma: PrismaClient, actor: Actor, days: number): Promise<IsoDate> {
  const calendar = await leaveCalendarOf(prisma, actor);
  let date = addDays(calendar.today, days);
  while (!calendar.isFreeWorkingDay(date)) date = addDays(date, 1);
  return date;
}

/** The demo person's balance row of a policy and year (zeros when there is none yet). */
export async function balanceOf(prisma: PrismaClient, who: DemoKey, policyName: string, year: number) {
  const employee = await prisma.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });
  const policy = await prisma.leavePolicy.findFirstOrThrow({
    where: { tenantId: employee.tenantId, name: policyName },
  });
  const row = await prisma.leaveBalance.findUnique({
    where: { employeeId_policyId_year: { employeeId: employee.id, policyId: policy.id, year } },
  });
  return { allocated: row?.allocated ?? 0, pending: row?.pending ?? 0, used: row?.used ?? 0 };
}

/** The ids of the demo person's user and employee. */
export async function idsOf(prisma: PrismaClient, who: DemoKey) {
  const employee = await prisma.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });
  return { employeeId: employee.id, userId: employee.userId!, tenantId: employee.tenantId };
}

/**
 * A weekday no other caller in this process has used, so each leave request of a test gets its own day; over two
 * years ahead, past the public holidays the demo seeds (this year's and next), so every weekday is a working day.
 */
let leaveDayOffset = 800;
export async function nextFreeLeaveDay(prisma: PrismaClient): Promise<IsoDate> {
  const today = await todayOf(prisma, 'alice');
  let day = addDays(today, leaveDayOffset++);
  while ([0, 6].includes(dayOfWeek(day))) day = addDays(today, leaveDayOffset++);
  return day;
}

/** A PENDING unpaid-leave request of `who`, made through the leave engine as `who`; answers its id. */
export async function pendingUnpaidLeaveOf(prisma: PrismaClient, who: DemoKey): Promise<string> {
  const start = await nextFreeLeaveDay(prisma);
  const actor = await authenticate(prisma, await tokenFor(prisma, who, ['leave:write'], { name: 'pending-leave' }));
  const { request } = await createRequest(
    prisma,
    actor,
    { start_date: start, policy: 'Unpaid leave' },
    {
      port: null,
      clock: testClock(),
    },
  );
  return request.id;
}

/** The id of the approval of leave request `requestId` (engines/approvalFlows). */
export async function approvalOf(prisma: PrismaClient, requestId: string): Promise<string> {
  const approval = await prisma.approvalInstance.findUniqueOrThrow({
    where: { requestType_subjectId: { requestType: 'leave', subjectId: requestId } },
  });
  return approval.id;
}

/** A fresh non-default leave policy of Acme, made in the database; answers its id. */
let policyNumber = 0;
export async function acmePolicyOf(prisma: PrismaClient): Promise<string> {
  const acme = await prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
  const policy = await prisma.leavePolicy.create({
    data: {
      tenantId: acme.id,
      name: `Test policy ${++policyNumber} ${Date.now()}`,
      kind: 'other',
      yearlyAllocationDays: 1,
    },
  });
  return policy.id;
}

/** A fresh public holiday of Acme on a day no other caller used (nextFreeLeaveDay); answers its date. */
export async function acmeHolidayOf(prisma: PrismaClient): Promise<IsoDate> {
  const acme = await prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
  const date = await nextFreeLeaveDay(prisma);
  await prisma.publicHoliday.create({
    data: { tenantId: acme.id, date: new Date(`${date}T00:00:00Z`), name: 'Test day' },
  });
  return date;
}

/** A PENDING one-day work from anywhere request of `who` (Portugal), made through its engine; answers its id. */
export async function pendingWfaOf(prisma: PrismaClient, who: DemoKey): Promise<string> {
  const day = await nextFreeLeaveDay(prisma);
  const actor = await authenticate(prisma, await tokenFor(prisma, who, ['work-from-anywhere:write'], { name: 'wfa' }));
  const request = await createWfaRequest(
    prisma,
    actor,
    { country: 'PT', city: 'Lisbon', startDate: day, endDate: day },
    { clock: testClock() },
  );
  return request.id;
}
