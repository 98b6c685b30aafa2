import { defineSignal } from '@temporalio/workflow';

/**
 * The public face of the agentRun workflow: its name, input, result and messages. The API (through
 * temporal/ports/agentRunPort.ts) and tests import this file, never the workflow module itself.
 */

/** The workflow type, as registered by the worker (the exported function's name). */
export const agentRunWorkflowType = 'agentRun';

export interface AgentRunInput {
  tenantId: string;
  runId: string;
  /** How long a question waits for its answer before the run expires (config `agent.questionTimeoutMs`). */
  questionTimeoutMs: number;
  /** How long an approval waits for its decisions before the run expires (config `agent.approvalTimeoutMs`). */
  approvalTimeoutMs: number;
  /** How often a waiting run reads its waits from the database, in case a signal was lost (config `agent.recheckMs`). */
  recheckMs: number;
  /** At most this many planning steps; one more fails the run (config `agent.maxSteps`). */
  maxSteps: number;
  /**
   * The model answers in milliseconds (config `agent.localPlanning`, the built-in model): plan and read in local
   * activities. Absent in runs started before the `agent-local-plan` patch.
   */
  localPlanning?: boolean;
}

/** How the run ended. */
export interface AgentRunResult {
  status: 'completed' | 'failed' | 'cancelled' | 'expired';
}

/**
 * "These actions were decided": sent by the API after it committed the decisions. The database is the truth (the
 * workflow's activities read each action's status); the signal only wakes the workflow. A signal, not an update
 * (STYLE.md habit 4): the API has already answered the caller from the committed decision.
 */
export const actionDecidedSignal = defineSignal<[{ actionIds: string[] }]>('actionDecided');

/** "The question was answered": sent after the answer was committed (it is in the thread as the user's message). */
export const answeredSignal = defineSignal<[{ questionId: string }]>('answered');

/** "Cancel this run": sent after the run was marked `cancelling`; the workflow ends it at its next safe point. */
export const cancelRequestedSignal = defineSignal<[{ reason?: string }]>('cancelRequested');
