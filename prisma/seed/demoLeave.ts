import { uuidv7 } from '../../db/uuidv7';
import { addDays, todayIn, yearOf, type IsoDate } from '../../engines/leave/dates';
import { leaveNotificationText, type LeaveNotificationKind } from '../../engines/leave/notifications';
import { hrRoles } from '../../engines/access/roles';
import { countWorkingDays, isWorkingDay, type HolidayCalendar } from '../../engines/leave/workingDays';
import type { PersonRow } from './bulkInsert';
import type { DemoPersonKey } from './demoPeople';
import { demoLeaveHistory, type DemoRequestSpec } from './demoLeaveHistory';
import { LeaveBook, type SeedOwner } from './leaveBook';
import type { HolidayRow, NotificationRow, PolicyRow, RequestRow } from './leaveBulkInsert';
import { holidayRows, standardPolicies, type HolidayList, type PolicyKind } from './leavePolicies';
import { createRandom } from './random';

const DAY_MS = 86_400_000;

export interface LeaveSeed {
  policies: PolicyRow[];
  holidays: HolidayRow[];
  requests: RequestRow[];
  book: LeaveBook;
  notifications: NotificationRow[];
}

export interface LeaveTenant {
  tenantId: string;
  timeZone: string;
  holidays: HolidayList;
  annualDays: number;
}

/**
 * The demo tenants' leave: the standard policies, public holidays of last, this and next year, balances of
 * every employee (last year's annual leave with some days carried over, this year's annual and sick leave), and
 * the request history of demoLeaveHistory with the ledger rows and notifications each request leaves behind.
 * Deterministic but for the dates, which follow the calendar clock's day.
 */
export function buildDemoLeave(args: {
  tenants: LeaveTenant[];
  people: PersonRow[];
  named: (key: DemoPersonKey) => PersonRow;
  /** The calendar clock's instant (engines/clock.ts): the history is dated around its day. */
  calendarNow: Date;
  /** The system time: when the history's requests and notifications were made. */
  now: Date;
}): LeaveSeed {
  const seed: LeaveSeed = { policies: [], holidays: [], requests: [], book: new LeaveBook(), notifications: [] };
  const random = createRandom('demo leave');
  const namedIds = new Set(demoLeaveHistory.map((spec) => args.named(spec.who).employeeId));
  const byTenant = new Map<
    string,
    { policies: Record<PolicyKind, PolicyRow>; calendar: HolidayCalendar; today: IsoDate }
  >();

  for (const tenant of args.tenants) {
    const today = todayIn(tenant.timeZone, args.calendarNow);
    const year = yearOf(today);
    const policies = standardPolicies(tenant.tenantId, tenant.annualDays);
    const holidays = holidayRows(tenant.tenantId, tenant.holidays, [year - 1, year, year + 1]);
    seed.policies.push(...Object.values(policies));
    seed.holidays.push(...holidays);
    byTenant.set(tenant.tenantId, { policies, calendar: new Map(holidays.map((h) => [h.date, h.name])), today });

    for (const person of args.people.filter((p) => p.tenantId === tenant.tenantId)) {
      const annual: SeedOwner = {
        tenantId: tenant.tenantId,
        employeeId: person.employeeId,
        policyId: policies.annual.id,
      };
      const sick: SeedOwner = { ...annual, policyId: policies.sick.id };
      const imported = { note: 'leave taken before svc-hr (imported)' };
      seed.book.move(annual, year - 1, 'allocation', 'allocated', tenant.annualDays, {
        note: `yearly allocation ${year - 1}`,
      });
      seed.book.move(annual, year - 1, 'adjustment', 'used', random.int(12, 20), imported);
      seed.book.move(annual, year, 'allocation', 'allocated', tenant.annualDays, { note: `yearly allocation ${year}` });
      seed.book.move(sick, year, 'allocation', 'allocated', policies.sick.yearlyAllocationDays, {
        note: `yearly allocation ${year}`,
      });
      // The named people's current year holds only their requests below, so tests can reason about it.
      if (!namedIds.has(person.employeeId)) {
        seed.book.move(annual, year, 'adjustment', 'used', random.int(0, 16) / 2, imported);
        seed.book.move(sick, year, 'adjustment', 'used', random.int(0, 3), imported);
      }
    }
  }

  demoLeaveHistory.forEach((spec, index) => {
    const person = args.named(spec.who);
    const tenant = byTenant.get(person.tenantId);
    if (!tenant) throw new Error(`no leave tenant for ${spec.who}`);
    addRequest(seed, args, spec, index, person, tenant);
  });

  // Carry-over last: last year's remaining days, as they stand after its requests, up to the policy's cap.
  for (const tenant of args.tenants) {
    const { policies, today } = byTenant.get(tenant.tenantId)!;
    const year = yearOf(today);
    for (const person of args.people.filter((p) => p.tenantId === tenant.tenantId)) {
      const annual: SeedOwner = {
        tenantId: tenant.tenantId,
        employeeId: person.employeeId,
        policyId: policies.annual.id,
      };
      const carried = Math.min(policies.annual.carryOverMaxDays, Math.max(0, seed.book.remaining(annual, year - 1)));
      seed.book.move(annual, year, 'carry_over', 'allocated', carried, { note: `carried over from ${year - 1}` });
    }
  }
  return seed;
}

/** The first working day on or after `date`. */
function workingDayFrom(date: IsoDate, calendar: HolidayCalendar, step = 1): IsoDate {
  let day = date;
  while (!isWorkingDay(day, calendar)) day = addDays(day, step);
  return day;
}

/** The range of a spec: `workingDays` working days from the first working day at the offset, or around today. */
function rangeOf(
  spec: DemoRequestSpec,
  calendar: HolidayCalendar,
  today: IsoDate,
): { startDate: IsoDate; endDate: IsoDate } {
  if (spec.inProgress) {
    return {
      startDate: workingDayFrom(addDays(today, -1), calendar, -1),
      endDate: workingDayFrom(addDays(today, 1), calendar),
    };
  }
  const startDate = workingDayFrom(addDays(today, spec.from), calendar);
  let endDate = startDate;
  for (let counted = 1; counted < spec.workingDays; counted += 1)
    endDate = workingDayFrom(addDays(endDate, 1), calendar);
  return { startDate, endDate };
}

function addRequest(
  seed: LeaveSeed,
  args: { people: PersonRow[]; named: (key: DemoPersonKey) => PersonRow; now: Date },
  spec: DemoRequestSpec,
  index: number,
  person: PersonRow,
  tenant: { policies: Record<PolicyKind, PolicyRow>; calendar: HolidayCalendar; today: IsoDate },
): void {
  const policy = tenant.policies[spec.policy];
  const range = rangeOf(spec, tenant.calendar, tenant.today);
  const halfDay = spec.halfDay ?? false;
  const count = countWorkingDays({ ...range, halfDay }, tenant.calendar);
  const manager = args.people.find((p) => p.employeeId === person.managerId) ?? null;
  const routedTo = !policy.requiresApproval ? 'AUTO' : manager ? 'MANAGER' : 'HR';
  const hrUsers = args.people
    .filter((p) => p.tenantId === person.tenantId && hrRoles.includes(p.role) && p.userId !== person.userId)
    .map((p) => p.userId);
  const approverUsers =
    routedTo === 'MANAGER' ? [manager!.userId] : routedTo === 'HR' ? hrUsers : manager ? [manager.userId] : [];
  const decider = spec.decidedBy
    ? args.named(spec.decidedBy).userId
    : routedTo === 'MANAGER'
      ? manager!.userId
      : (args.people.find((p) => p.tenantId === person.tenantId && p.role === 'HR_MANAGER')?.userId ?? null);
  const decided = spec.history !== 'pending' && spec.history !== 'cancelled_pending';
  // Created two weeks before a past start, or a few days ago for a future one; decided a day later.
  const createdAt = new Date(args.now.getTime() - (spec.from < 0 ? 14 - spec.from : 3 + index) * DAY_MS);
  const decidedAt = decided ? new Date(createdAt.getTime() + (spec.history === 'auto' ? 0 : DAY_MS)) : null;
  const id = uuidv7();
  seed.requests.push({
    id,
    tenantId: person.tenantId,
    employeeId: person.employeeId,
    policyId: policy.id,
    ...range,
    halfDay,
    totalDays: count.totalDays,
    status: spec.status,
    reason: spec.reason ?? null,
    approverEmployeeId: routedTo === 'MANAGER' ? manager!.employeeId : null,
    routedTo,
    decidedByUserId: decided && spec.history !== 'auto' ? decider : null,
    decidedAt,
    decisionComment: spec.comment ?? null,
    createdByUserId: person.userId,
    createdAt,
  });
  seed.book.recordRequest(
    { tenantId: person.tenantId, employeeId: person.employeeId, policyId: policy.id },
    id,
    count.byYear,
    spec.history,
    policy.yearlyAllocationDays,
  );

  const about = {
    requestId: id,
    employeeName: person.name,
    policyName: policy.name,
    ...range,
    totalDays: count.totalDays,
  };
  const notify = (kind: LeaveNotificationKind, userIds: string[], at: Date) => {
    const { title, body } = leaveNotificationText(kind, about, spec.comment);
    const data = JSON.stringify({ requestId: id, startDate: range.startDate, endDate: range.endDate });
    for (const userId of userIds) {
      seed.notifications.push({
        id: uuidv7(),
        tenantId: person.tenantId,
        userId,
        kind,
        title,
        body,
        data,
        createdAt: at,
      });
    }
  };
  if (spec.history === 'auto') {
    notify('leave.recorded', approverUsers, createdAt);
    return;
  }
  notify('leave.submitted', approverUsers, createdAt);
  if (decidedAt) notify(spec.history === 'rejected' ? 'leave.rejected' : 'leave.approved', [person.userId], decidedAt);
  if (spec.history.startsWith('cancelled')) {
    notify('leave.cancelled', approverUsers, new Date((decidedAt ?? createdAt).getTime() + DAY_MS));
  }
}
