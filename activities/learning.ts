import type { PrismaClient } from '../db/prismaClient';
import type { Clock } from '../engines/clock';
import { addDays } from '../engines/leave/dates';
import { sweepLearning, tenantsWithTrainingsToWatch } from '../engines/learning/learningSweep';
import { dayAt, dayBegins, scaleOf } from './leaveTimeline';

/** What one day's pass did, and how long until the next day begins. */
export interface LearningDayPass {
  today: string;
  assigned: number;
  reminded: number;
  watching: boolean;
  msUntilNextDay: number;
}

export interface LearningActivityDeps {
  prisma: PrismaClient;
  /** A test time scale of calendar days (config `leave.dayMs`); undefined: the real calendar. */
  dayMs: number | undefined;
  clock: Clock;
  now: () => Date;
}

/** The activities of the Learning workflows: thin adapters over engines/learning/learningSweep.ts. */
export function createLearningActivities(deps: LearningActivityDeps) {
  const { prisma, clock } = deps;
  return {
    /** Sweeps the day it is in the tenant's calendar (or on the test time scale); null when the tenant is gone. */
    async sweepLearningDay(ref: { tenantId: string; workflowStartedAt: number }): Promise<LearningDayPass | null> {
      const tenant = await prisma.tenant.findUnique({ where: { id: ref.tenantId }, select: { timeZone: true } });
      if (!tenant) return null;
      const at = clock.now();
      const scale = scaleOf(deps.dayMs, ref.workflowStartedAt, at);
      const today = dayAt(at, tenant.timeZone, scale);
      const result = await sweepLearning(
        prisma,
        { tenantId: ref.tenantId, today, timeZone: tenant.timeZone },
        deps.now(),
      );
      const nextDay = dayBegins(addDays(today, 1), tenant.timeZone, scale);
      return { today, ...result, msUntilNextDay: nextDay.getTime() - clock.now().getTime() };
    },
    findTenantsWithTrainings: (): Promise<string[]> => tenantsWithTrainingsToWatch(prisma),
  };
}
