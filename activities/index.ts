import type { PrismaClient } from '../db/prismaClient';
import { createLeaveActivities } from './leave';
import { createProbeDatabase } from './probeDatabase';

/** What activities may use. The worker passes real clients; nothing here reaches for a global. */
export interface ActivityDeps {
  prisma: PrismaClient;
  /** The worker's identity, reported by the health probe. */
  identity: string;
  /** The leave approval settings the activities need: a test time scale, or undefined for the real calendar. */
  leave: { dayMs: number | undefined };
  /** The clock of activities that stamp or schedule (default: the system clock). */
  now?: () => Date;
}

/**
 * Builds the activity functions registered on the worker. Workflows see only their type (`Activities`) through
 * `proxyActivities`, so activity code and its dependencies never enter the workflow bundle.
 */
export function createActivities(deps: ActivityDeps) {
  return {
    probeDatabase: createProbeDatabase(deps),
    ...createLeaveActivities({ prisma: deps.prisma, dayMs: deps.leave.dayMs, now: deps.now ?? (() => new Date()) }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
