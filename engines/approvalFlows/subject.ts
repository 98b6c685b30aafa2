import type { ApprovalInstance, Prisma } from '../../db/models';
import type { ApprovalRequestType, ApproverRelation } from './flowDefinition';

type Tx = Prisma.TransactionClient;

/** Why people were just asked to decide a step. */
export type AssignedBecause = 'opened' | 'step' | 'escalated' | 'delegated';

export interface AssignedChange {
  userIds: string[];
  because: AssignedBecause;
  /** The relation of the step asked, `hr` when HR stands in (fallback or escalation). */
  relation: ApproverRelation;
  /** The manager's employee id when the step asked the requester's manager. */
  managerEmployeeId: string | null;
  /** Who approved the step before (for a notification's text), if any. */
  previousApproverUserId?: string | null | undefined;
  at: Date;
}

/**
 * The request an approval decides, seen from the approval engine: each request type's own engine implements it
 * (engines/leave/leaveApprovalSubject.ts). The approval engine calls it inside its transactions, so a decision
 * and its effect on the request commit together: "the last approval commits the request through its own engine".
 */
export interface ApprovalSubject {
  requestType: ApprovalRequestType;
  /** Locks the request's rows first, so every writer of it (its engine and the approval engine) queues in one order. */
  lock(tx: Tx, instance: Pick<ApprovalInstance, 'tenantId' | 'subjectId' | 'subjectEmployeeId'>): Promise<void>;
  /** The approval ended approved or rejected: the request takes the decision (balances, notifications, events). */
  commit(
    tx: Tx,
    instance: ApprovalInstance,
    outcome: { decision: 'approve' | 'reject'; byUserId: string; comment: string | null; at: Date },
  ): Promise<void>;
  /** People were asked to decide (the first step, a later one, an escalation, a delegation): they are told. */
  assigned(tx: Tx, instance: ApprovalInstance, change: AssignedChange): Promise<void>;
  /** The people a step waits for were reminded. */
  reminded(tx: Tx, instance: ApprovalInstance, userIds: string[], at: Date): Promise<void>;
}

/** The subjects by request type, as the operations and the workflow activities are given them. */
export type ApprovalSubjects = Partial<Record<ApprovalRequestType, ApprovalSubject>>;

/** The subject of `requestType`; an approval of a type nobody handles is a bug, not a caller's mistake. */
export function subjectOf(subjects: ApprovalSubjects, requestType: string): ApprovalSubject {
  const subject = subjects[requestType as ApprovalRequestType];
  if (!subject) throw new Error(`No approval subject handles request type ${requestType}`);
  return subject;
}
