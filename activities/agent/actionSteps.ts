import { actionCard } from '../../engines/agent/actionCard';
import type { Actor } from '../../engines/access/actor';
import { loadRunActor } from '../../engines/agent/runActor';
import {
  beginAction,
  completeAction,
  hasToolResult,
  recordToolResult,
  requestApproval,
  type ToolOutcome,
} from '../../engines/agent/toolCalls';
import type { AgentActivityDeps, PlannedCall, RunRef } from './deps';
import { withRunArtifacts } from './artifacts';
import { allOrFirstError } from '../../lib/allOrFirstError';
import { recoverExecutedEffect } from './executedEffect';
import { auditRecoveredCall } from './recoveredAudit';
import { createOutboundSteps } from './outbound';
import { describeOutboundCall } from './outboundCatalogue';
import { executeTool, findTool, ownSystem } from './tools';
import { isOutboundTool } from '../../mcp/outbound/toolName';
import { beginStep, stepIsDue, type BegunStep } from './planStep';

/**
 * The activities around tool calls: reads run at once; writes become actions that wait for a person, and run
 * (or are reported as declined) once decided. What they commit, the agent engine records
 * (engines/agent/toolCalls.ts): each result as a `tool` message of the thread, in the transaction that marks the
 * call done, so a retried activity sees it and does nothing twice.
 */
export function createActionSteps(deps: AgentActivityDeps) {
  const { prisma } = deps;
  const outbound = createOutboundSteps(deps);
  const hasResult = (runId: string, toolCallId: string) => hasToolResult(prisma, runId, toolCallId);
  const recordResult = (runId: string, call: { id: string; tool: string }, outcome: ToolOutcome, extra = {}) =>
    recordToolResult(prisma, runId, call, outcome, extra);

  return {
    prepareOutboundCall: outbound.prepareOutboundCall,
    recordOutboundOutcome: outbound.recordOutboundOutcome,

    /** Runs a read tool call at once as the run's user, and records its result. */
    async runReadTool(ref: RunRef & { call: PlannedCall }): Promise<void> {
      if (await hasResult(ref.runId, ref.call.id)) return;
      if (isOutboundTool(ref.call.tool)) {
        // Never a read, whatever a caller says: an outbound call runs only as an approved action (outbound.ts).
        const message = 'An outbound MCP tool runs only after a person approves the call';
        await recordResult(ref.runId, ref.call, { ok: false, result: { error: { code: 'forbidden', message } } });
        return;
      }
      const run = await prisma.agentRun.findUniqueOrThrow({ where: { id: ref.runId } });
      const actor = await loadRunActor(prisma, run);
      const outcome = await executeTool(deps.toolDeps, deps.log, actor, {
        tool: ref.call.tool,
        arguments: ref.call.arguments,
        requestId: `${run.id}:${ref.call.id}`,
        runId: run.id,
      });
      await recordResult(run.id, ref.call, await withRunArtifacts(deps, run, ref.call, outcome));
    },

    /** Turns the planned writes into pending actions and marks the run `requires_action` (kind approval). */
    async requestAgentActions(ref: RunRef & { calls: PlannedCall[] }): Promise<string[]> {
      const run = await prisma.agentRun.findUniqueOrThrow({ where: { id: ref.runId } });
      const actor = await loadRunActor(prisma, run);
      return requestApproval(prisma, ref.runId, (db) =>
        Promise.all(
          ref.calls.map(async (call) => ({
            toolCallId: call.id,
            tool: call.tool,
            // What the approver is shown: for an outbound tool, its server (name and URL or connector) and the
            // tool's own description; the call will only run against that same server.
            ...(isOutboundTool(call.tool)
              ? await describeOutboundCall(db, run.tenantId, call.tool)
              : {
                  system: ownSystem,
                  description: await actionCard(
                    db,
                    actor,
                    call.tool,
                    call.arguments,
                    findTool(actor, call.tool)?.operation.summary ?? call.tool,
                  ),
                }),
            arguments: call.arguments,
          })),
        ),
      );
    },

    /**
     * Carries out a decided action: an approved one runs as the run's user, with the action's idempotency key as
     * the request id; a rejected one tells the model the person declined (`rejected_by_user`). The action is marked
     * `executing` before the call, so a retry after a crash mid-call first looks for what the call did
     * (executedEffect.ts) rather than doing it again. With `next`, the run's next step is begun in the transaction
     * that ends the action, and the answer says so (undefined: it was not, and the planning step begins it).
     */
    async settleAgentAction(
      ref: RunRef & { actionId: string },
      next?: { step: number },
    ): Promise<BegunStep | undefined> {
      // The run is read beside the action (one round trip's wait instead of two); a rejection does not need it.
      const [found, run] = await Promise.all([
        prisma.agentAction.findUniqueOrThrow({ where: { id: ref.actionId } }),
        prisma.agentRun.findUniqueOrThrow({ where: { id: ref.runId } }),
      ]);
      let action: {
        id: string;
        toolCallId: string;
        tool: string;
        status: string;
        comment: string | null;
        arguments: unknown;
        idempotencyKey: string;
        updatedAt: Date;
      } = found;
      const call = { id: action.toolCallId, tool: action.tool };
      if (action.status === 'rejected') {
        if (await hasResult(ref.runId, call.id)) return;
        const message = action.comment ? `Declined: ${action.comment}` : 'The user declined this action';
        await recordResult(
          ref.runId,
          call,
          { ok: false, result: { error: { code: 'rejected_by_user', message } } },
          {
            actionId: action.id,
          },
        );
        return;
      }
      if (action.status !== 'approved' && action.status !== 'executing') return;
      // Outbound tools never take the registry path below: they go through the approval gate (outbound.ts).
      if (isOutboundTool(action.tool)) {
        await outbound.settleOutboundAction(ref);
        return undefined;
      }
      let outcome: ToolOutcome | undefined;
      let actor: Actor;
      if (action.status === 'executing') {
        actor = await loadRunActor(prisma, run);
        outcome = await recoverExecutedEffect(prisma, run, action);
        // Its write was made; its audit record may not have been (the worker died between the two).
        if (outcome) {
          await auditRecoveredCall(deps.toolDeps, actor, {
            tool: action.tool,
            arguments: action.arguments as Record<string, unknown>,
            requestId: action.idempotencyKey,
            runId: run.id,
          });
        }
      } else {
        // The actor (the user's role read now) is read while the action is marked `executing`: the call waits for
        // both, and a user who cannot act any more fails the attempt as before, with the action marked.
        [action, actor] = await allOrFirstError([beginAction(prisma, run.id, action.id), loadRunActor(prisma, run)]);
      }
      outcome ??= await executeTool(deps.toolDeps, deps.log, actor, {
        tool: action.tool,
        arguments: action.arguments as Record<string, unknown>,
        requestId: action.idempotencyKey,
        runId: run.id,
      });
      // With `next`, the next step starts in the transaction that ends this action (settleThenPlan.ts).
      let begun: BegunStep | undefined;
      await completeAction(prisma, run.id, action.id, outcome, async (tx, locked) => {
        if (!next || !stepIsDue(locked, next.step)) return;
        await beginStep(tx, locked, next.step);
        begun = { run: locked, actor };
      });
      return begun;
    },
  };
}
