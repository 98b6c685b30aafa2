import type { PrismaClient } from '../db/prismaClient';
import type { Clock } from '../engines/clock';
import { createAgentActivities, type AgentActivityDeps } from './agent';
import { createApprovalActivities } from './approvalFlows';
import { createTimeTrackingActivities } from './timeTracking';
import { createLeaveActivities } from './leave';
import { createCarryOverActivities } from './leaveCarryOver';
import { createCompensationActivities } from './compensation';
import { createLearningActivities } from './learning';
import { createLifecycleActivities } from './lifecycle';
import { createCertificateActivities } from './certificates';
import { createESignatureActivities } from './eSignatures';
import { createPayrollActivities } from './payroll';
import { createPerformanceActivities } from './performance';
import { createProbeDatabase } from './probeDatabase';
import { createWebhookActivities, type WebhookActivityDeps } from './webhooks';

/** What activities may use. The worker passes real clients; nothing here reaches for a global. */
export interface ActivityDeps {
  prisma: PrismaClient;
  /** The worker's identity, reported by the health probe. */
  identity: string;
  /**
   * The test time scale of calendar days (`leave.dayMs`), or undefined for the real calendar: every timer towards a
   * date uses it (a leave's days, a compensation change's effective date, a payroll run's pay date).
   */
  leave: { dayMs: number | undefined };
  /** Approval Flows: how long a configured minute lasts (config `approvals.minuteMs`; default 60 000). */
  approvals?: { minuteMs: number };
  /** Time Tracking: how long a policy minute lasts (config `timeTracking.minuteMs`; default 60 000). */
  timeTracking?: { minuteMs: number };
  /** The calendar clock: when a leave begins and ends (engines/clock.ts). */
  clock: Clock;
  /** The clock of timestamps (reminded, escalated; default: the system time). */
  now?: () => Date;
  /**
   * What agent runs need (the model, the handlers' dependencies). Absent: the agent activities are still
   * registered, and fail a run that reaches them with a clear error.
   */
  agent?: Omit<AgentActivityDeps, 'prisma'>;
  /** What webhook deliveries need. Absent: a delivery that reaches its attempt fails it with a clear error. */
  webhooks?: Omit<WebhookActivityDeps, 'prisma'>;
}

/**
 * The agent dependencies of a worker built without them (tests of other workflows): every run fails at its first
 * step, which asks the model, with an error that says what is missing.
 */
function missingAgent(): Omit<AgentActivityDeps, 'prisma'> {
  return {
    model: {
      name: 'none',
      next: async () => {
        throw new Error('This worker was built without agent dependencies (ActivityDeps.agent)');
      },
    },
    toolDeps: undefined as never,
    log: undefined as never,
  };
}

/** The webhook dependencies of a worker built without them: opening a signing secret fails and says why. */
function missingWebhooks(): Omit<WebhookActivityDeps, 'prisma'> {
  const missing = () => {
    throw new Error('This worker was built without webhook dependencies (ActivityDeps.webhooks)');
  };
  return { box: { seal: missing, open: missing, reseal: missing }, timeoutMs: 15_000, allowPrivateNetwork: false };
}

/**
 * Builds the activity functions registered on the worker. Workflows see only their type (`Activities`) through
 * `proxyActivities`, so activity code and its dependencies never enter the workflow bundle.
 */
export function createActivities(deps: ActivityDeps) {
  return {
    probeDatabase: createProbeDatabase(deps),
    ...createAgentActivities({ prisma: deps.prisma, ...(deps.agent ?? missingAgent()) }),
    ...createLeaveActivities({
      prisma: deps.prisma,
      dayMs: deps.leave.dayMs,
      clock: deps.clock,
      now: deps.now ?? (() => new Date()),
    }),
    ...createCarryOverActivities({ prisma: deps.prisma, clock: deps.clock }),
    ...createApprovalActivities({
      prisma: deps.prisma,
      minuteMs: deps.approvals?.minuteMs ?? 60_000,
      now: deps.now ?? (() => new Date()),
    }),
    ...createTimeTrackingActivities({
      prisma: deps.prisma,
      minuteMs: deps.timeTracking?.minuteMs ?? 60_000,
      clock: deps.clock,
    }),
    ...createCompensationActivities({
      prisma: deps.prisma,
      dayMs: deps.leave.dayMs,
      clock: deps.clock,
      now: deps.now ?? (() => new Date()),
    }),
    ...createPayrollActivities({
      prisma: deps.prisma,
      dayMs: deps.leave.dayMs,
      clock: deps.clock,
      now: deps.now ?? (() => new Date()),
    }),
    ...createLifecycleActivities({
      prisma: deps.prisma,
      dayMs: deps.leave.dayMs,
      clock: deps.clock,
      now: deps.now ?? (() => new Date()),
    }),
    ...createCertificateActivities({ prisma: deps.prisma, dayMs: deps.leave.dayMs, clock: deps.clock }),
    ...createESignatureActivities({ prisma: deps.prisma, dayMs: deps.leave.dayMs, clock: deps.clock }),
    ...createPerformanceActivities({
      prisma: deps.prisma,
      dayMs: deps.leave.dayMs,
      clock: deps.clock,
      now: deps.now ?? (() => new Date()),
    }),
    ...createLearningActivities({
      prisma: deps.prisma,
      dayMs: deps.leave.dayMs,
      clock: deps.clock,
      now: deps.now ?? (() => new Date()),
    }),
    ...createWebhookActivities({ prisma: deps.prisma, ...(deps.webhooks ?? missingWebhooks()) }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
