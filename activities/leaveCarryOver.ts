import type { PrismaClient } from '../db/prismaClient';
import type { Clock } from '../engines/clock';
import { carryOverPage, recordYearEnd, tenantsDueForCarryOver, type CarryOverPage } from '../engines/leave/carryOver';

export type { CarryOverPage };

export interface CarryOverRef {
  tenantId: string;
  fromYear: number;
}

/** The activities of the year-end carry-over workflows: thin adapters over engines/leave/carryOver.ts. */
export function createCarryOverActivities(deps: { prisma: PrismaClient; clock: Clock }) {
  const { prisma, clock } = deps;
  return {
    findTenantsDueForCarryOver: (): Promise<CarryOverRef[]> => tenantsDueForCarryOver(prisma, clock),
    carryOverLeavePage: (ref: CarryOverRef & { after: string | null; limit: number }): Promise<CarryOverPage> =>
      carryOverPage(prisma, ref, { after: ref.after, limit: ref.limit }),
    recordLeaveYearEnd: (ref: CarryOverRef & { employees: number; carriedDays: number }): Promise<void> =>
      recordYearEnd(prisma, ref, { employees: ref.employees, carriedDays: ref.carriedDays }),
  };
}
