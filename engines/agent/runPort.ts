import type { AgentRunWords } from './runSummary';

/**
 * The agent engine's port to the durable run loop (the Temporal workflow `agentRun`). The API commits every change
 * first (the run, a decision, an answer, a cancel request) and tells the port afterwards: the database is the
 * truth, and the workflow's activities read it.
 */
export interface AgentRunPort {
  /**
   * Starts the workflow of a queued run. Starting it twice is harmless. `words` say the run in words for the
   * operators' view of its workflow (engines/agent/runSummary.ts); without them the port says the ids.
   */
  start(run: {
    tenantId: string;
    runId: string;
    threadId: string;
    userId: string;
    workflowId: string;
    words?: AgentRunWords | undefined;
  }): Promise<void>;
  /** Tells the run's workflow that these actions were decided. */
  actionsDecided(run: { workflowId: string }, actionIds: string[]): Promise<void>;
  /** Tells the run's workflow that its question was answered. */
  answered(run: { workflowId: string }, questionId: string): Promise<void>;
  /** Asks the run's workflow to cancel at its next safe point. */
  cancelRequested(run: { workflowId: string }, reason: string | undefined): Promise<void>;
}

/** Where a port call that failed after the change was committed is reported (the request logger). */
export interface RunPortFailureLog {
  warn(obj: object, msg: string): void;
}

/**
 * Tells the workflow of a committed change. A failure is logged, not thrown: the change is committed and the
 * caller's answer stands; the workflow finds the change when it next looks, or its wait times out.
 */
export async function notifyRun(
  log: RunPortFailureLog,
  ref: { workflowId: string },
  send: () => Promise<void>,
): Promise<void> {
  try {
    await send();
  } catch (err) {
    log.warn({ err, workflowId: ref.workflowId }, 'agent run workflow not told of the change');
  }
}
