import type { FastifyBaseLogger } from 'fastify';
import { recordCall } from '../../operations/auditTrail';
import { createOperationContext, type AppDeps } from '../../operations/context';
import { operations } from '../../operations';
import { parseOperationInput } from '../../operations/validation';
import type { Actor } from '../../engines/access/actor';
import { requireAccess } from '../../engines/access/requireAccess';
import { AppError } from '../../engines/appError';
import { asAppError } from '../../engines/databaseErrors';
import { deriveTools, splitArguments, type DerivedTool } from '../../operations/tools';
import type { AgentTool } from '../../model/types';

/** The system our own tools belong to, as an action names it. */
export const ownSystem = 'svc-hr';

// Derived once per process: the same tools, schemas and descriptions as the inbound MCP server offers.
let derived: DerivedTool[] | undefined;
function allTools(): DerivedTool[] {
  derived ??= deriveTools(operations);
  return derived;
}

/** Read tools run at once; every other registry tool changes our data and waits for a person's approval. */
export function kindOf(tool: DerivedTool): AgentTool['kind'] {
  return tool.operation.method === 'GET' ? 'read' : 'write';
}

/** May the run's scopes use the tool at all? (The role is checked by the handler's engine, on the data.) */
function permitted(actor: Actor, tool: DerivedTool): boolean {
  const access = tool.operation.access;
  return access === 'any' || (access !== 'public' && actor.credential.scopes.includes(access));
}

/** The tools of this run: registry tools its scopes permit, described for the model. */
export function toolCatalogue(actor: Actor): AgentTool[] {
  return allTools()
    .filter((tool) => permitted(actor, tool))
    .map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      kind: kindOf(tool),
    }));
}

/** A tool of the catalogue by name, when the run may use it. */
export function findTool(actor: Actor, name: string): DerivedTool | undefined {
  return allTools().find((tool) => tool.name === name && permitted(actor, tool));
}

/** What a tool call gives back to the model: the REST answer's data, or the REST error body. */
export interface ToolOutcome {
  ok: boolean;
  result: unknown;
}

/**
 * Runs one tool call exactly as the inbound MCP server does (mcp/inbound/server.ts): scope and credential checks,
 * the operation's zod validation, its handler with the run's Actor; audited with surface `agent`. An AppError comes
 * back as a failed outcome for the model to read; anything else is thrown, so that the activity is retried.
 */
export async function executeTool(
  deps: AppDeps,
  log: FastifyBaseLogger,
  actor: Actor,
  call: { tool: string; arguments: Record<string, unknown>; requestId: string; runId?: string },
): Promise<ToolOutcome> {
  const tool = findTool(actor, call.tool);
  if (!tool) {
    return { ok: false, result: new AppError('not_found', `No tool ${call.tool} is available to this run`).toBody() };
  }
  const op = tool.operation;
  const request = { id: call.requestId, ...splitArguments(tool, call.arguments) };
  try {
    if (op.access === 'public') throw new AppError('forbidden', 'Not a tool');
    requireAccess(actor, op.access);
    const input = parseOperationInput(op, request);
    const ctx = createOperationContext({ deps, openapi: {}, requestId: call.requestId, log, actor });
    const data = op.output.parse(await op.handler(ctx, input)) as unknown;
    await recordCall(deps, { actor, op, request, surface: 'agent', outcome: 'success', runId: call.runId });
    return { ok: true, result: data };
  } catch (thrown) {
    // A refusal (a unique conflict included) is an answer for the model; a busy database or anything unknown is
    // thrown, so that Temporal retries the activity.
    const err = asAppError(thrown);
    if (!err || err.code === 'unavailable') throw thrown;
    await recordCall(deps, {
      actor,
      op,
      request,
      surface: 'agent',
      outcome: 'failure',
      code: err.code,
      runId: call.runId,
    });
    return { ok: false, result: err.toBody() };
  }
}
