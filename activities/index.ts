import type { PrismaClient } from '../db/prismaClient';
import { createProbeDatabase } from './probeDatabase';

/** What activities may use. The worker passes real clients; nothing here reaches for a global. */
export interface ActivityDeps {
  prisma: PrismaClient;
  /** The worker's identity, reported by the health probe. */
  identity: string;
}

/**
 * Builds the activity functions registered on the worker. Workflows see only their type (`Activities`) through
 * `proxyActivities`, so activity code and its dependencies never enter the workflow bundle.
 */
export function createActivities(deps: ActivityDeps) {
  return {
    probeDatabase: createProbeDatabase(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
