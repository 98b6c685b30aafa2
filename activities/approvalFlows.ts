import type { ApprovalStatus } from '../db/models';
import type { PrismaClient } from '../db/prismaClient';
import {
  escalateApprovalStep,
  readApprovalSnapshot,
  remindApprovalStep,
  type ApprovalSnapshot,
} from '../engines/approvalFlows/approvalTimers';
import { approvalSubjects } from '../engines/approvalSubjects';

export type { ApprovalSnapshot, ApprovalStatus };

export interface ApprovalRef {
  tenantId: string;
  instanceId: string;
}

export interface ApprovalActivityDeps {
  prisma: PrismaClient;
  /** How long a configured minute lasts: 60 000 ms, or a test time scale (config `approvals.minuteMs`). */
  minuteMs: number;
  now: () => Date;
}

/**
 * The activities of the approvalFlow workflow: thin adapters over engines/approvalFlows/approvalTimers.ts,
 * each idempotent (see there), answering what the workflow needs to plan its next timer.
 */
export function createApprovalActivities(deps: ApprovalActivityDeps) {
  const { prisma, now } = deps;
  return {
    readApproval: (
      ref: ApprovalRef & { defaultRemindAfterMs: number; defaultEscalateAfterMs: number },
    ): Promise<ApprovalSnapshot | null> =>
      readApprovalSnapshot(
        prisma,
        ref,
        {
          minuteMs: deps.minuteMs,
          defaultRemindAfterMs: ref.defaultRemindAfterMs,
          defaultEscalateAfterMs: ref.defaultEscalateAfterMs,
        },
        now(),
      ),
    remindApprovers: (ref: ApprovalRef & { step: number }): Promise<ApprovalStatus | null> =>
      remindApprovalStep(prisma, approvalSubjects, ref, now()),
    escalateApproval: (ref: ApprovalRef & { step: number }): Promise<ApprovalStatus | null> =>
      escalateApprovalStep(prisma, approvalSubjects, ref, now()),
  };
}
