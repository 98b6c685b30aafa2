import { yearOf } from '../../../engines/leave/dates';
import { carryOverPage } from '../../../engines/leave/carryOver';
import { ensureLeaveYearEndSchedule } from '../../../temporal/schedules/leaveYearEndSchedule';
import { leaveCarryOverWorkflowId, leaveCarryOverWorkflowType } from '../../../workflows/leaveCarryOver/messages';
import { todayOf } from '../../support/leave';
import { waitFor } from '../../support/waitFor';
import { startLeaveKit, type LeaveKit } from './leaveKit';

/**
 * Year-end carry-over (company-api.md, Leave) as a scheduled workflow on the real dev server: each employee's
 * remaining days of the year, up to the policy's cap, go into the next year's allocation, once; the hourly sweep
 * of a Temporal schedule starts the carry-over of every tenant whose year ended.
 */
let kit: LeaveKit;
beforeAll(async () => {
  kit = await startLeaveKit({ dayMs: 2000, inProcessWorker: true });
});
afterAll(async () => {
  await kit?.close();
});

const carriedInto = (tenantId: string, year: number) =>
  kit.prisma.leaveLedgerEntry.findMany({ where: { tenantId, year, kind: 'carry_over' } });

describe('the year-end carry-over', () => {
  it('carries each employee’s remaining days up to the cap into next year, once', async () => {
    const acme = await kit.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const year = yearOf(await todayOf(kit.prisma, 'alice'));
    const annual = await kit.prisma.leavePolicy.findFirstOrThrow({
      where: { tenantId: acme.id, name: 'Annual leave' },
    });
    expect(annual.carryOverMaxDays).toBeGreaterThan(0);
    // Written from the rule, on this year's balance rows: min(cap, max(0, allocated - used - pending)).
    const rows = await kit.prisma.leaveBalance.findMany({ where: { tenantId: acme.id, policyId: annual.id, year } });
    expect(rows.length).toBeGreaterThan(10);
    const expected = new Map(
      rows.map((r) => [r.employeeId, Math.min(annual.carryOverMaxDays, Math.max(0, r.allocated - r.used - r.pending))]),
    );
    expect([...expected.values()].some((d) => d > 0)).toBe(true);
    expect(await carriedInto(acme.id, year + 1)).toEqual([]);

    const result = await kit.temporal.client.workflow.execute(leaveCarryOverWorkflowType, {
      workflowId: leaveCarryOverWorkflowId(acme.id, year),
      taskQueue: kit.taskQueue,
      args: [{ tenantId: acme.id, fromYear: year }],
    });
    const entries = await carriedInto(acme.id, year + 1);
    const byEmployee = new Map(entries.map((e) => [e.employeeId, e.days]));
    for (const [employeeId, days] of expected) {
      expect({ employeeId, days: byEmployee.get(employeeId) ?? 0 }).toEqual({ employeeId, days });
    }
    expect(entries.every((e) => e.policyId === annual.id && e.note === `carried over from ${year}`)).toBe(true);
    const total = [...expected.values()].reduce((a, b) => a + b, 0);
    expect(result).toEqual({ employees: expect.any(Number), carriedDays: total });
    const next = await kit.prisma.leaveBalance.findMany({
      where: { tenantId: acme.id, policyId: annual.id, year: year + 1 },
    });
    for (const row of next)
      expect(row.allocated).toBe(annual.yearlyAllocationDays + (expected.get(row.employeeId) ?? 0));
    expect(
      await kit.prisma.leaveYearEnd.findUnique({ where: { tenantId_year: { tenantId: acme.id, year } } }),
    ).toMatchObject({
      carriedDays: total,
    });

    // Again (a retried page, a second run): nothing more.
    const again = await carryOverPage(kit.prisma, { tenantId: acme.id, fromYear: year }, { after: null, limit: 1000 });
    expect(again.carriedDays).toBe(0);
    expect(await carriedInto(acme.id, year + 1)).toHaveLength(entries.length);
  });

  it('is started by the hourly sweep for every tenant whose year ended, and never doubles a carry-over', async () => {
    const year = yearOf(await todayOf(kit.prisma, 'alice'));
    const tenants = await kit.prisma.tenant.findMany();
    // The demo seed carried last year into this one already.
    const seeded = await kit.prisma.leaveLedgerEntry.count({ where: { year, kind: 'carry_over' } });
    expect(seeded).toBeGreaterThan(0);

    const scheduleId = await ensureLeaveYearEndSchedule(kit.temporal.client, kit.taskQueue);
    const schedule = kit.temporal.client.schedule.getHandle(scheduleId);
    try {
      // A second worker start finds the schedule there.
      await expect(ensureLeaveYearEndSchedule(kit.temporal.client, kit.taskQueue)).resolves.toBe(scheduleId);
      await schedule.trigger();
      await waitFor(
        'every tenant’s carry-over of last year',
        async () => (await kit.prisma.leaveYearEnd.count({ where: { year: year - 1 } })) === tenants.length,
        { timeoutMs: 30_000 },
      );
    } finally {
      await schedule.delete();
    }
    expect(await kit.prisma.leaveLedgerEntry.count({ where: { year, kind: 'carry_over' } })).toBe(seeded);
  });
});
