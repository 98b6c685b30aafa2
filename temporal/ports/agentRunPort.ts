import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { AgentRunPort } from '../../engines/agent/runPort';
import type { agentRun } from '../../workflows/agentRun/agentRun';
import {
  actionDecidedSignal,
  agentRunWorkflowType,
  answeredSignal,
  cancelRequestedSignal,
} from '../../workflows/agentRun/messages';
import { svcHrStatus, svcHrTenant, svcHrThread, svcHrUser } from '../../workflows/searchAttributes';

export interface AgentRunPortOptions {
  /** The task queue the workers poll (config `temporal.taskQueue`). */
  taskQueue: string;
  /** Config `agent`: passed to each new workflow, which keeps them for its whole life. */
  questionTimeoutMs: number;
  approvalTimeoutMs: number;
  recheckMs: number;
  maxSteps: number;
  /** Config `agent.localPlanning`: the model answers at once, so runs plan in local activities. */
  localPlanning: boolean;
}

/**
 * The agent engine's port to Temporal: starts a run's agentRun workflow and signals it. Imports only the
 * workflow's messages and type, never its code (STYLE.md habit 1).
 */
export function createAgentRunPort(client: Client, opts: AgentRunPortOptions): AgentRunPort {
  const signal = async (
    workflowId: string,
    send: (handle: ReturnType<Client['workflow']['getHandle']>) => Promise<void>,
  ) => {
    try {
      await send(client.workflow.getHandle(workflowId));
    } catch (error) {
      // A run whose workflow has ended needs no notice: the engine refused the change already if it was over.
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  };
  return {
    async start(run) {
      try {
        await client.workflow.start<typeof agentRun>(agentRunWorkflowType, {
          workflowId: run.workflowId,
          taskQueue: opts.taskQueue,
          args: [
            {
              tenantId: run.tenantId,
              runId: run.runId,
              questionTimeoutMs: opts.questionTimeoutMs,
              approvalTimeoutMs: opts.approvalTimeoutMs,
              recheckMs: opts.recheckMs,
              maxSteps: opts.maxSteps,
              localPlanning: opts.localPlanning,
            },
          ],
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          typedSearchAttributes: [
            { key: svcHrTenant, value: run.tenantId },
            { key: svcHrUser, value: run.userId },
            { key: svcHrThread, value: run.threadId },
            { key: svcHrStatus, value: 'queued' },
          ],
          memo: { tenantId: run.tenantId, runId: run.runId, threadId: run.threadId, userId: run.userId },
          staticSummary: run.words?.summary ?? `Agent run ${run.runId}`,
          staticDetails:
            `Agent run ${run.runId} of thread ${run.words ? `“${run.words.threadTitle}” (${run.threadId})` : run.threadId}, ` +
            `acting as ${run.words ? `${run.words.userName} (user ${run.userId})` : `user ${run.userId}`} of tenant ` +
            `${run.tenantId}. Plans with the model step by step; writes wait for the user’s approval. The current ` +
            'details say what it waits for; the SvcHrStatus search attribute holds its status.',
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
    },
    actionsDecided: (run, actionIds) => signal(run.workflowId, (h) => h.signal(actionDecidedSignal, { actionIds })),
    answered: (run, questionId) => signal(run.workflowId, (h) => h.signal(answeredSignal, { questionId })),
    cancelRequested: (run, reason) =>
      signal(run.workflowId, (h) => h.signal(cancelRequestedSignal, reason === undefined ? {} : { reason })),
  };
}
