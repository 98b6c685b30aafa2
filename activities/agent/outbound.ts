import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { loadRunActor } from '../../engines/agent/runActor';
import { beginAction, completeAction } from '../../engines/agent/toolCalls';
import { AppError } from '../../engines/appError';
import { secretBoxOf } from '../../engines/secrets/secretBox';
import {
  loadApprovedOutboundAction,
  OutboundActionNotApproved,
  type ApprovedOutboundAction,
} from '../../mcp/outbound/approvedAction';
import { callApprovedTool, connectorCallOf, type DirectCallDeps } from '../../mcp/outbound/approvedCall';
import type { OutboundCatalogueDeps } from '../../mcp/outbound/catalogue';
import type { ConnectorToolCall, OutboundToolResult } from '../../lib/connector/queue';
import { isOutboundTool } from '../../mcp/outbound/toolName';
import type { AgentActivityDeps, RunRef } from './deps';

/** Attempts of a direct call before its transport failure is reported to the model (same idempotency key each). */
export const outboundCallAttempts = 3;

/** What the catalogue and the calls need, made from the worker's configuration. */
export function outboundDepsOf(deps: AgentActivityDeps): {
  catalogue: OutboundCatalogueDeps;
  direct: DirectCallDeps;
  connectorCallTimeoutMs: number;
} {
  const config = deps.toolDeps.config;
  const box = secretBoxOf(config);
  const common = { prisma: deps.prisma, box, allowPrivateNetwork: config.allowPrivateNetwork };
  return {
    catalogue: {
      ...common,
      toolsTtlMs: config.outbound.toolsTtlMs,
      timeoutMs: config.outbound.callTimeoutMs,
      // Three missed heartbeats, as the connector settings count it (operations/admin/connectorSchemas.ts).
      connectorStaleAfterMs: config.connectorHub.heartbeatSeconds * 3000,
    },
    direct: { ...common, timeoutMs: config.outbound.callTimeoutMs },
    connectorCallTimeoutMs: config.outbound.connectorCallTimeoutMs,
  };
}

/** How an approved outbound call ended, as the workflow carries it from the connector activity to the record. */
export type OutboundOutcome = { result: OutboundToolResult } | { failure: { code: string; message: string } };

/** How the workflow carries out a decided action (answered by prepareOutboundCall). */
export type OutboundRoute =
  | { via: 'settle' }
  | { via: 'connector'; taskQueue: string; scheduleToStartTimeoutMs: number; call: ConnectorToolCall };

function textOf(result: OutboundToolResult): string {
  const texts = result.content.flatMap((c) =>
    c && typeof c === 'object' && (c as { type?: unknown }).type === 'text'
      ? [String((c as { text?: unknown }).text)]
      : [],
  );
  return texts.join('\n').slice(0, 1000) || 'The tool reported an error';
}

/** The tool message and action result of an outcome: what the model reads next. */
function toolOutcomeOf(outcome: OutboundOutcome): { ok: boolean; result: unknown; code?: string } {
  if ('failure' in outcome) return { ok: false, result: { error: outcome.failure }, code: outcome.failure.code };
  const { content, structuredContent, isError } = outcome.result;
  const body = { content, ...(structuredContent !== undefined ? { structuredContent } : {}) };
  if (isError)
    return {
      ok: false,
      result: { error: { code: 'tool_error', message: textOf(outcome.result) }, ...body },
      code: 'tool_error',
    };
  return { ok: true, result: body };
}

function attemptOfThisActivity(): number {
  try {
    return Context.current().info.attempt;
  } catch {
    // Called outside an activity (a test): no retry will follow.
    return outboundCallAttempts;
  }
}

export function createOutboundSteps(deps: AgentActivityDeps) {
  const { prisma } = deps;

  /**
   * Records the end of an outbound action once: the action `succeeded` or `failed` with its event, the tool
   * message for the model, and an audit record (surface `mcp_outbound`). A retry that finds the action finished
   * does nothing.
   */
  async function recordOutcome(runId: string, actionId: string, outcome: OutboundOutcome): Promise<void> {
    const done = toolOutcomeOf(outcome);
    const action = await completeAction(prisma, runId, actionId, done);
    if (!action) return;
    const run = await prisma.agentRun.findUniqueOrThrow({ where: { id: runId } });
    const actor = await loadRunActor(prisma, run);
    // Who asked (the run's user and credential), what (server, tool, arguments: the audit engine redacts secret
    // keys), who approved, and the outcome. Never a header value: those stay sealed.
    await deps.toolDeps.auditSequencer.append({
      tenantId: run.tenantId,
      userId: run.userId,
      credentialId: actor.credential.id,
      credentialKind: actor.credential.kind,
      surface: 'mcp_outbound',
      operation: action.tool,
      arguments: {
        system: action.system,
        arguments: action.arguments,
        actionId: action.id,
        approvedBy: action.decidedByUserId,
        idempotencyKey: action.idempotencyKey,
      },
      outcome: done.ok ? 'success' : 'failure',
      errorCode: done.code ?? null,
      requestId: action.idempotencyKey,
      runId: run.id,
    });
  }

  /**
   * The gate, for an action the workflow is about to carry out: an approved outbound action as an
   * ApprovedOutboundAction; a refusal (not approved) as a non-retryable failure that records nothing; an approved
   * action whose server is gone or changed as its recorded failure (undefined).
   */
  async function approvedOrSettled(ref: RunRef & { actionId: string }): Promise<ApprovedOutboundAction | undefined> {
    try {
      return await loadApprovedOutboundAction(prisma, ref.actionId);
    } catch (error) {
      if (error instanceof OutboundActionNotApproved) {
        throw ApplicationFailure.nonRetryable(error.message, 'OutboundActionNotApproved');
      }
      if (error instanceof AppError) {
        await recordOutcome(ref.runId, ref.actionId, { failure: { code: error.code, message: error.message } });
        return undefined;
      }
      throw error;
    }
  }

  async function markStarted(runId: string, approved: ApprovedOutboundAction): Promise<void> {
    if (approved.status !== 'approved') return;
    await beginAction(prisma, runId, approved.actionId);
  }

  return {
    /**
     * Carries out an approved outbound action by URL (settleAgentAction dispatches here by the `mcp__` prefix).
     * A transport failure is retried by Temporal with the same idempotency key, and after `outboundCallAttempts`
     * attempts reported to the model and as `action.failed`; the run goes on.
     */
    async settleOutboundAction(ref: RunRef & { actionId: string }): Promise<void> {
      const approved = await approvedOrSettled(ref);
      if (!approved) return;
      if (approved.server.connectorId) {
        // Only an unpatched workflow (started before connector calls existed) gets here with a connector server.
        await recordOutcome(ref.runId, ref.actionId, {
          failure: { code: 'unavailable', message: 'This run cannot reach servers behind a connector; ask again' },
        });
        return;
      }
      await markStarted(ref.runId, approved);
      let outcome: OutboundOutcome;
      try {
        outcome = { result: await callApprovedTool(approved, outboundDepsOf(deps).direct) };
      } catch (error) {
        if (error instanceof AppError) {
          outcome = { failure: { code: error.code, message: error.message } };
        } else if (attemptOfThisActivity() < outboundCallAttempts) {
          throw error;
        } else {
          const message = error instanceof Error ? error.message : String(error);
          outcome = { failure: { code: 'unavailable', message: `The MCP server could not be reached: ${message}` } };
        }
      }
      await recordOutcome(ref.runId, ref.actionId, outcome);
    },

    /**
     * Before a decided action runs: for an approved action of a connector-backed server, marks it executing and
     * answers the connector task; anything else goes the settle way (URL servers, rejections, our own tools).
     */
    async prepareOutboundCall(ref: RunRef & { actionId: string }): Promise<OutboundRoute> {
      const action = await prisma.agentAction.findUniqueOrThrow({ where: { id: ref.actionId } });
      // Our own tools, and anything not approved, are carried out (or reported declined) by settleAgentAction.
      if (!isOutboundTool(action.tool)) return { via: 'settle' };
      if (action.status !== 'approved' && action.status !== 'executing') return { via: 'settle' };
      const approved = await approvedOrSettled(ref);
      if (!approved || !approved.server.connectorId) return { via: 'settle' };
      await markStarted(ref.runId, approved);
      const { taskQueue, call } = connectorCallOf(approved);
      return {
        via: 'connector',
        taskQueue,
        scheduleToStartTimeoutMs: outboundDepsOf(deps).connectorCallTimeoutMs,
        call,
      };
    },

    /** Records how a connector call ended (its result, or why it failed: offline, transport), once. */
    async recordOutboundOutcome(ref: RunRef & { actionId: string; outcome: OutboundOutcome }): Promise<void> {
      await recordOutcome(ref.runId, ref.actionId, ref.outcome);
    },
  };
}
