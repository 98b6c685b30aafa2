import type { LeaveStatus } from '../db/models';
import type { PrismaClient } from '../db/prismaClient';
import type { Clock } from '../engines/clock';
import {
  escalateToHr,
  getLeaveRequestState,
  markCompleted,
  markInProgress,
  remindApprover,
} from '../engines/leave/transitions';
import { leaveRequestWords, type LeaveWords } from '../engines/leave/requestWords';
import { leaveInstants } from './leaveTimeline';

export type { LeaveStatus, LeaveWords };

/** Which request an activity acts on. */
export interface LeaveRequestRef {
  tenantId: string;
  requestId: string;
}

/** What the leaveApproval workflow knows of its request after reading it. */
export interface LeaveSnapshot {
  status: LeaveStatus;
  startDate: string;
  endDate: string;
  /** Milliseconds from the read until the leave begins (negative once it has begun). */
  msUntilStart: number;
  /** Milliseconds from the read until the leave is over (negative once it is). */
  msUntilEnd: number;
  /**
   * The request's approval (engines/approvalFlows), whose approvalFlow workflow the leave workflow starts; null for
   * a request made before approval flows, absent from reads recorded before them.
   */
  approvalId?: string | null;
  /**
   * The request in words for the workflow's current details (engines/leave/requestWords.ts); absent from reads
   * recorded before them, and when they could not be read (the read itself never fails for them).
   */
  words?: LeaveWords;
}

export interface LeaveActivityDeps {
  prisma: PrismaClient;
  /** A test time scale (config `leave.dayMs`); undefined means the real calendar. */
  dayMs: number | undefined;
  /** The calendar clock: when a leave begins and ends. */
  clock: Clock;
  /** The clock of timestamps; the workflow itself never reads one. */
  now: () => Date;
}

/**
 * The activities of the leaveApproval workflow: thin adapters over the leave engine's transitions, each
 * idempotent and a no-op when the request is no longer in the state it expects, so a retried or late activity
 * cannot move a request twice or undo a decision. Each transition answers the status after it.
 */
export function createLeaveActivities(deps: LeaveActivityDeps) {
  const { prisma, clock, now } = deps;
  return {
    /**
     * The request's status and how long until its leave begins and ends. `workflowStartedAt` (epoch ms) is the
     * origin of a test time scale, so repeated reads agree on when the leave begins.
     */
    async readLeaveRequest(ref: LeaveRequestRef & { workflowStartedAt: number }): Promise<LeaveSnapshot | null> {
      const state = await getLeaveRequestState(prisma, ref.tenantId, ref.requestId);
      if (!state) return null;
      // The workflow's start is a real instant; on the calendar's time line it is that much earlier than now.
      const at = clock.now().getTime();
      const origin = new Date(ref.workflowStartedAt + (at - Date.now()));
      const scale = deps.dayMs === undefined ? undefined : { dayMs: deps.dayMs, origin };
      const { startsAt, endsAt } = leaveInstants(state, scale);
      const approval = await prisma.approvalInstance.findUnique({
        where: { requestType_subjectId: { requestType: 'leave', subjectId: ref.requestId } },
        select: { id: true, currentStep: true, status: true },
      });
      const words = await leaveRequestWords(prisma, ref, approval).catch(() => undefined);
      return {
        ...(words ? { words } : {}),
        approvalId: approval?.id ?? null,
        status: state.status,
        startDate: state.startDate,
        endDate: state.endDate,
        msUntilStart: startsAt.getTime() - at,
        msUntilEnd: endsAt.getTime() - at,
      };
    },
    remindLeaveApprover: (ref: LeaveRequestRef): Promise<LeaveStatus> =>
      remindApprover(prisma, ref.tenantId, ref.requestId, now()),
    escalateLeaveToHr: (ref: LeaveRequestRef): Promise<LeaveStatus> =>
      escalateToHr(prisma, ref.tenantId, ref.requestId, now()),
    markLeaveInProgress: (ref: LeaveRequestRef): Promise<LeaveStatus> =>
      markInProgress(prisma, ref.tenantId, ref.requestId, now()),
    markLeaveCompleted: (ref: LeaveRequestRef): Promise<LeaveStatus> =>
      markCompleted(prisma, ref.tenantId, ref.requestId, now()),
  };
}
