import type { LeaveSnapshot, LeaveStatus, LeaveWords } from '../../activities/leave';

/** What the workflow does next, decided from the last read of its request. */
export type LeaveStep =
  /** Wait for a decision (or a reminder timer). */
  | { kind: 'awaitDecision' }
  /** Sleep `inMs`, then move the approved request to IN_PROGRESS. */
  | { kind: 'begin'; inMs: number }
  /** Sleep `inMs`, then move the request to COMPLETED. */
  | { kind: 'complete'; inMs: number }
  /** Nothing more will happen to this request. */
  | { kind: 'end' };

/**
 * The leaveApproval workflow's state: the last read of its request and the change notices not yet covered by a
 * read. Plain data and logic, no Temporal calls (STYLE.md habit 5), so the routing of steps is unit-testable.
 */
export class LeaveApprovalState {
  private request: LeaveSnapshot | null | undefined;
  private unreadChanges = 0;

  /** The request's status as last read; null when it does not exist (or was not read yet). */
  get status(): LeaveStatus | null {
    return this.request?.status ?? null;
  }

  /** The request's approval instance as last read; null when it has none (made before approval flows). */
  get approvalId(): string | null {
    return this.request?.approvalId ?? null;
  }

  /** The request in words as last read; undefined for reads recorded before them (or when they failed). */
  get words(): LeaveWords | undefined {
    return this.request?.words;
  }

  get isPending(): boolean {
    return this.status === 'PENDING';
  }

  /** True when something changed since the last read began: a `changed` signal, or a transition's answer. */
  get hasUnreadChanges(): boolean {
    return this.unreadChanges > 0;
  }

  /** Notes a change notice; the workflow reads the request again when it next looks. */
  noteChange(): void {
    this.unreadChanges += 1;
  }

  /**
   * Marks the start of a read: every notice so far is covered by it. A notice arriving while the read is in
   * flight stays unread, so the workflow reads once more and never misses a change.
   */
  beginRead(): void {
    this.unreadChanges = 0;
  }

  /** Records what a read found. */
  applyRead(snapshot: LeaveSnapshot | null): void {
    this.request = snapshot;
  }

  /**
   * Records the status a transition answered. The transitions are no-ops when the request left the state they
   * expect, so an answer other than `expected` means a change the workflow was not told about (a lost notice):
   * it is treated as a notice, and the workflow reads the request again.
   */
  applyTransition(answered: LeaveStatus, expected: LeaveStatus): void {
    if (answered !== expected) this.noteChange();
  }

  /** The next step for the request as last read. */
  nextStep(): LeaveStep {
    const request = this.request;
    if (!request) return { kind: 'end' };
    switch (request.status) {
      case 'PENDING':
        return { kind: 'awaitDecision' };
      case 'APPROVED':
        // Approved after the leave was over (recorded afterwards): straight to COMPLETED.
        if (request.msUntilEnd <= 0) return { kind: 'complete', inMs: 0 };
        return { kind: 'begin', inMs: Math.max(0, request.msUntilStart) };
      case 'IN_PROGRESS':
        return { kind: 'complete', inMs: Math.max(0, request.msUntilEnd) };
      case 'REJECTED':
      case 'CANCELLED':
      case 'COMPLETED':
        return { kind: 'end' };
    }
  }

  /**
   * One line for the Temporal UI's "current details": where the request stands, in words when the read brought them
   * ("PENDING: waiting for Bob Brown to approve Alice Anders's Annual leave, Mon 6 – Fri 10 Dec 2027."). Current
   * details are no command: changing this text needs no patch.
   */
  describe(): string {
    const request = this.request;
    if (!request) return 'The leave request does not exist (any more).';
    const words = request.words;
    if (words) {
      const leave = `${words.employee}'s ${words.policy}, ${words.days}`;
      switch (request.status) {
        case 'PENDING':
          return words.waitingFor.length > 0
            ? `PENDING: waiting for ${words.waitingFor.join(' or ')} to approve ${leave}.`
            : `PENDING: waiting for a decision on ${leave}.`;
        case 'APPROVED':
          return `APPROVED: ${leave}; waiting for its first day.`;
        case 'IN_PROGRESS':
          return `IN_PROGRESS: ${leave}; waiting for the end of its last day.`;
        default:
          return `${request.status}: ${leave}.`;
      }
    }
    const dates =
      request.startDate === request.endDate ? request.startDate : `${request.startDate} to ${request.endDate}`;
    const waiting: Record<LeaveStatus, string> = {
      PENDING: 'waiting for the approver’s decision',
      APPROVED: 'approved; waiting for the first day of leave',
      IN_PROGRESS: 'in progress; waiting for the end of the last day',
      REJECTED: 'rejected',
      CANCELLED: 'cancelled',
      COMPLETED: 'completed',
    };
    return `Leave ${dates}: ${request.status}, ${waiting[request.status]}.`;
  }
}
