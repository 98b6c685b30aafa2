import type { PrismaClient } from '../../db/prismaClient';
import type { LeaveApprovalPort } from '../../engines/leave/approvalPort';
import { addDays, dayOfWeek, fromDbDate, todayIn, yearOf, type IsoDate } from '../../engines/leave/dates';
import { demoPeople } from '../../prisma/seed';
import type { DemoKey } from './identity';

/**
 * A LeaveApprovalPort that records its calls: a test double of Temporal at the boundary of the engine (the
 * engine itself runs for real). `failWith` makes `start` throw, as an unreachable Temporal would.
 */
export function recordingPort(opts: { failWith?: Error } = {}) {
  const started: Array<{ tenantId: string; requestId: string }> = [];
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

/** Today in the calendar of the demo person's tenant. */
export async function todayOf(prisma: PrismaClient, who: DemoKey): Promise<IsoDate> {
  const user = await prisma.user.findUniqueOrThrow({
    where: { email: demoPeople[who].email },
    include: { tenant: true },
  });
  return todayIn(user.tenant.timeZone);
}

/**
 * A Monday at least `afterDays` from today whose week (Monday to Friday) holds no public holiday of the person's
 * tenant and stays in one year: 5 working days that any test can count on, whatever day the tests run.
 */
export async function cleanWeek(
  prisma: PrismaClient,
  who: DemoKey,
  afterDays: number,
): Promise<{ monday: IsoDate; friday: IsoDate; year: number }> {
  const user = await prisma.user.findUniqueOrThrow({ where: { email: demoPeople[who].email } });
  const holidays = new Set(
    (await prisma.publicHoliday.findMany({ where: { tenantId: user.tenantId } })).map((h) => fromDbDate(h.date)),
  );
  let monday = addDays(await todayOf(prisma, who), afterDays);
  while (dayOfWeek(monday) !== 1) monday = addDays(monday, 1);
  for (;;) {
    const week = [0, 1, 2, 3, 4].map((i) => addDays(monday, i));
    if (week.every((d) => !holidays.has(d)) && yearOf(week[0]!) === yearOf(week[4]!)) {
      return { monday, friday: week[4]!, year: yearOf(monday) };
    }
    monday = addDays(monday, 7);
  }
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
