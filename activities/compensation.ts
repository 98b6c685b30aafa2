import type { PrismaClient } from '../db/prismaClient';
import type { Clock } from '../engines/clock';
import { applyCompensationChange, compensationChangeState } from '../engines/compensation/applyCompensationChange';
import type { CompensationChangeRef } from '../engines/compensation/compensationPort';
import { dayAt, dayBegins, scaleOf } from './leaveTimeline';

/** What the compensationChange workflow knows of its proposal after reading it. */
export interface CompensationChangeSnapshot {
  status: string;
  employeeName: string;
  effectiveDate: string;
  approvalId: string | null;
  /** Milliseconds from the read until the effective date begins (negative once it has). */
  msUntilEffective: number;
}

export interface CompensationActivityDeps {
  prisma: PrismaClient;
  /** A test time scale of calendar days (config `leave.dayMs`); undefined: the real calendar. */
  dayMs: number | undefined;
  clock: Clock;
  now: () => Date;
}

type TimedRef = CompensationChangeRef & { workflowStartedAt: number };

/**
 * The activities of the compensationChange workflow: thin adapters over engines/compensation. Each is idempotent:
 * applying twice writes one salary entry (the second finds the change APPLIED).
 */
export function createCompensationActivities(deps: CompensationActivityDeps) {
  const { prisma, clock } = deps;
  return {
    async readCompensationChange(ref: TimedRef): Promise<CompensationChangeSnapshot | null> {
      const state = await compensationChangeState(prisma, ref);
      if (!state) return null;
      const at = clock.now();
      const scale = scaleOf(deps.dayMs, ref.workflowStartedAt, at);
      return {
        status: state.status,
        employeeName: state.employeeName,
        effectiveDate: state.effectiveDate,
        approvalId: state.approvalId,
        msUntilEffective: dayBegins(state.effectiveDate, state.timeZone, scale).getTime() - at.getTime(),
      };
    },
    async applyCompensationChange(ref: TimedRef): Promise<string | null> {
      const state = await compensationChangeState(prisma, ref);
      if (!state) return null;
      const at = clock.now();
      const today = dayAt(at, state.timeZone, scaleOf(deps.dayMs, ref.workflowStartedAt, at));
      return applyCompensationChange(prisma, ref, today, deps.now());
    },
  };
}
