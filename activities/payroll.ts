import type { PrismaClient } from '../db/prismaClient';
import type { Clock } from '../engines/clock';
import { gatherPayrollPage, type GatheredPage } from '../engines/payroll/gatherPayslips';
import { announcePayslips, finishGathering, payPayrollRun, payrollRunState } from '../engines/payroll/payrollProgress';
import type { PayrollRunRef } from '../engines/payroll/payrollPort';
import { dayAt, dayBegins, scaleOf } from './leaveTimeline';

/** What the payrollRun workflow knows of its run after reading it. */
export type { GatheredPage };

export interface PayrollRunSnapshot {
  status: string;
  period: string;
  payslips: number;
  payDate: string | null;
  /** Milliseconds from the read until the pay date begins (negative once it has; 0 without a pay date). */
  msUntilPayDate: number;
}

export interface PayrollActivityDeps {
  prisma: PrismaClient;
  /** A test time scale of calendar days (config `leave.dayMs`); undefined: the real calendar. */
  dayMs: number | undefined;
  clock: Clock;
  now: () => Date;
}

type TimedRef = PayrollRunRef & { workflowStartedAt: number };

/** The activities of the payrollRun workflow: thin adapters over engines/payroll, each idempotent. */
export function createPayrollActivities(deps: PayrollActivityDeps) {
  const { prisma, clock } = deps;
  return {
    async readPayrollRun(ref: TimedRef): Promise<PayrollRunSnapshot | null> {
      const state = await payrollRunState(prisma, ref);
      if (!state) return null;
      const at = clock.now();
      const scale = scaleOf(deps.dayMs, ref.workflowStartedAt, at);
      return {
        status: state.status,
        period: state.period,
        payslips: state.payslips,
        payDate: state.payDate,
        msUntilPayDate: state.payDate ? dayBegins(state.payDate, state.timeZone, scale).getTime() - at.getTime() : 0,
      };
    },
    gatherPayrollPage: (ref: PayrollRunRef & { after: string | null; limit: number }): Promise<GatheredPage> =>
      gatherPayrollPage(prisma, ref, { after: ref.after, limit: ref.limit }),
    finishPayrollGathering: (ref: PayrollRunRef): Promise<string | null> => finishGathering(prisma, ref),
    async payPayrollRun(ref: TimedRef): Promise<string | null> {
      const state = await payrollRunState(prisma, ref);
      if (!state) return null;
      const at = clock.now();
      const today = dayAt(at, state.timeZone, scaleOf(deps.dayMs, ref.workflowStartedAt, at));
      return payPayrollRun(prisma, ref, today, deps.now());
    },
    announcePayslips: (ref: PayrollRunRef & { limit: number }): Promise<{ announced: number; left: number }> =>
      announcePayslips(prisma, ref, ref.limit),
  };
}
