import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../engines/access/actor';
import type { ToolOutcome } from '../../engines/agent/toolCalls';
import { AppError } from '../../engines/appError';
import type { AppDeps } from '../../operations/context';
import { operations } from '../../operations';
import { invoke } from '../../operations/invoke';
import { deriveTools, splitArguments, toolPermitted, type DerivedTool } from '../../operations/tools';
import type { AgentTool } from '../../model/types';
import type { Operation } from '../../operations/defineOperation';

/** The system our own tools belong to, as an action names it. */
export const ownSystem = 'svc-hr';

/**
 * Whether the agent offers `op` though it is no MCP tool. The company API's rule (../shared/spec/company-api.md):
 * every company read is an agent tool, and every write one that waits for a person's approval; issue 22 adds the
 * contract's own leave operations a person asks for (balances, the approvals inbox, deciding, cancelling). Left out:
 * what has no caller (public) or acts on the caller's own credentials and configuration (`any`: tokens, MCP servers,
 * connectors), the agent API itself and its audit trail, operations only a person's own token may call (secrets
 * minted or keys managed by people: `credentials` without the delegated kind), an answer that reveals a secret (it
 * would reach a model's context), and files or streams (uploads, downloads, server-sent events, sockets).
 */
export function offeredToAgent(op: Operation): boolean {
  if (op.mcp) return true;
  if (op.access === 'public' || op.access === 'any') return false;
  if (op.access.startsWith('agent:') || op.access.startsWith('audit:')) return false;
  if (op.credentials && !op.credentials.includes('delegated_credential')) return false;
  if (op.revealsSecret || op.input.upload) return false;
  return (op.response ?? 'json') === 'json' || op.response === 'envelope';
}

/** Registry operations the agent offers though they are no MCP tools, by name. */
export const AGENT_ONLY_OPERATIONS: readonly string[] = operations
  .filter((op) => !op.mcp && offeredToAgent(op))
  .map((op) => op.name);

// Derived once per process: the tools, schemas and descriptions the inbound MCP server offers, and the agent's own.
let derived: DerivedTool[] | undefined;
function allTools(): DerivedTool[] {
  derived ??= deriveTools(
    operations.map((op) => (!op.mcp && offeredToAgent(op) ? { ...op, mcp: { tool: op.name } } : op)),
  );
  return derived;
}

/** Read tools run at once; every other registry tool changes our data and waits for a person's approval. */
export function kindOf(tool: DerivedTool): AgentTool['kind'] {
  return tool.operation.method === 'GET' ? 'read' : 'write';
}

/** The tools of this run: registry tools (MCP's and the agent's own) its scopes permit, described for the model. */
export function toolCatalogue(actor: Actor): AgentTool[] {
  return allTools()
    .filter((tool) => toolPermitted(actor, tool))
    .map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      kind: kindOf(tool),
    }));
}

/** A tool of the catalogue by name, when the run may use it. */
export function findTool(actor: Actor, name: string, tools = allTools()): DerivedTool | undefined {
  return tools.find((tool) => tool.name === name && toolPermitted(actor, tool));
}

/**
 * Runs one tool call through invoke (operations/invoke.ts), the pipeline REST and MCP share, with the run's Actor;
 * audited with surface `agent`. A refusal (a unique conflict included) comes back as a failed outcome for the model to
 * read; a busy database or anything unknown is thrown, so that Temporal retries the activity.
 */
export async function executeTool(
  deps: AppDeps,
  log: FastifyBaseLogger,
  actor: Actor,
  call: { tool: string; arguments: Record<string, unknown>; requestId: string; runId?: string },
  tools = allTools(),
): Promise<ToolOutcome> {
  const tool = findTool(actor, call.tool, tools);
  if (!tool) {
    return { ok: false, result: new AppError('not_found', `No tool ${call.tool} is available to this run`).toBody() };
  }
  const outcome = await invoke({ deps, openapi: {} }, tool.operation, actor, {
    surface: 'agent',
    requestId: call.requestId,
    log,
    request: splitArguments(tool, call.arguments),
    ...(call.runId ? { runId: call.runId } : {}),
  });
  if (outcome.ok) return { ok: true, result: outcome.value };
  if (!outcome.appError || outcome.appError.code === 'unavailable') throw outcome.error;
  return { ok: false, result: outcome.appError.toBody() };
}
