import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../engines/access/actor';
import { AppError } from '../../engines/appError';
import type { AppDeps } from '../../operations/context';
import { invoke } from '../../operations/invoke';
import { splitArguments, toolPermitted, type DerivedTool } from '../../operations/tools';
import { mcpServerInfo, negotiateProtocolVersion } from './protocol';

export interface McpCallContext {
  deps: AppDeps;
  openapi: Record<string, unknown>;
  tools: readonly DerivedTool[];
  actor: Actor;
  requestId: string;
  log: FastifyBaseLogger;
  clientAddress?: string;
  /** The HTTP request's `x-tenant-id`, checked for every tool call like a REST request's. */
  tenantId?: unknown;
}

/** Where an MCP client puts a tool call's Idempotency-Key: `params._meta`, as MCP reserves it for such metadata. */
export const idempotencyKeyMeta = 'svc-hr/idempotency-key';

/** The parts of an HTTP request a REST error names; a tool call has only its arguments. */
const requestPart = /(^|; )(params|query|body)(?=: )/g;

/**
 * A refusal as a tool's caller reads it: in arguments, not in the parts of an HTTP request (a message's
 * `body: ...` reads `arguments: ...`, `details.in` goes), with the same code and the same fields named.
 */
export function inToolTerms(err: AppError): ReturnType<AppError['toBody']> {
  const { code, message, details } = err.toBody().error;
  const toolMessage =
    message === 'body: this operation takes no body'
      ? 'arguments: this tool takes none but those its input schema lists'
      : message.replace(requestPart, '$1arguments');
  if (!details) return { error: { code, message: toolMessage } };
  const { in: _part, ...rest } = details;
  const fieldOf = (field: unknown) =>
    field === 'params' || field === 'query' || field === 'body' ? 'arguments' : field;
  const toolDetails = {
    ...rest,
    ...('field' in rest ? { field: fieldOf(rest.field) } : {}),
    ...(Array.isArray(rest.issues)
      ? { issues: (rest.issues as Array<{ field: unknown }>).map((i) => ({ ...i, field: fieldOf(i.field) })) }
      : {}),
  };
  return { error: { code, message: toolMessage, details: toolDetails } };
}

function errorResult(err: AppError): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(inToolTerms(err)) }] };
}

/**
 * Runs one tool call through invoke (operations/invoke.ts), the pipeline REST and the agent share; audited with
 * surface `mcp`. Failures come back as a tool result with isError and the REST error body, never as a protocol
 * error.
 */
async function callTool(ctx: McpCallContext, tool: DerivedTool, call: ToolCall): Promise<CallToolResult> {
  const outcome = await invoke({ deps: ctx.deps, openapi: ctx.openapi }, tool.operation, ctx.actor, {
    surface: 'mcp',
    requestId: ctx.requestId,
    log: ctx.log,
    ...(ctx.clientAddress === undefined ? {} : { clientAddress: ctx.clientAddress }),
    request: splitArguments(tool, call.arguments),
    tenantId: ctx.tenantId,
    idempotencyKey: call.idempotencyKey,
  });
  if (!outcome.ok) {
    if (!outcome.appError) ctx.log.error({ err: outcome.error }, 'MCP tool failed');
    return errorResult(
      outcome.appError ?? new AppError('internal_error', 'Internal error; quote the request id when reporting it'),
    );
  }
  const data = outcome.value as Record<string, unknown>;
  return {
    content: [{ type: 'text', text: JSON.stringify(data) }],
    structuredContent: data,
    ...(outcome.replayed ? { _meta: { 'svc-hr/idempotent-replayed': true } } : {}),
  };
}

/** Any tools/call message: its params are checked by toolCallOf, with messages a client can act on. */
const ToolCallMessage = z.object({ method: z.literal('tools/call'), params: z.unknown().optional() });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A tools/call's tool, its arguments and the client's Idempotency-Key (when its `_meta` carries one). */
export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
  idempotencyKey?: unknown;
}

/**
 * A JSON-RPC -32602 (invalid params) whose message is `message` as it is. The SDK's McpError would send
 * "MCP error -32602: " before it, which the client's McpError then prefixes once more.
 */
function invalidParams(message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code: ErrorCode.InvalidParams });
}

/** The tool name and arguments of a tools/call, or -32602 (invalid params) saying which is wrong. */
export function toolCallOf(params: unknown): ToolCall {
  if (!isPlainObject(params)) {
    throw invalidParams('params: must be an object with the tool name and its arguments');
  }
  if (typeof params.name !== 'string' || params.name === '') {
    throw invalidParams('name: the name of the tool to call is required');
  }
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) {
    throw invalidParams("arguments: must be an object of the tool's arguments");
  }
  const meta = isPlainObject(params._meta) ? params._meta : {};
  return {
    name: params.name,
    arguments: params.arguments ?? {},
    ...(meta[idempotencyKeyMeta] === undefined ? {} : { idempotencyKey: meta[idempotencyKeyMeta] }),
  };
}

// One per process: the SDK would otherwise build an Ajv instance (with every format) for each request's server,
// which cost more CPU than the rest of a tool call.
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * The svc-hr MCP server for one HTTP request (stateless: any API replica answers any request). Tools only:
 * no resources, no prompts.
 */
export function createMcpServer(ctx: McpCallContext): Server {
  const server = new Server(mcpServerInfo, {
    capabilities: { tools: { listChanged: false } },
    jsonSchemaValidator,
    instructions:
      'svc-hr: HR tools that act as you, the person this token belongs to, within your role (your own records, ' +
      'your team, your department or the whole workspace).',
  });
  // The SDK would answer its own newest version to a client asking for one we do not speak.
  const sdkInitialize = (server as unknown as { _oninitialize(r: unknown): Promise<unknown> })._oninitialize.bind(
    server,
  );
  server.setRequestHandler(
    InitializeRequestSchema,
    (request) =>
      sdkInitialize({
        ...request,
        params: { ...request.params, protocolVersion: negotiateProtocolVersion(request.params.protocolVersion) },
      }) as never,
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: ctx.tools
      .filter((tool) => toolPermitted(ctx.actor, tool))
      .map((tool) => ({
        name: tool.name,
        title: tool.annotations.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
      })),
  }));
  // Registered on the protocol layer, past the SDK's Server: the Server parses tools/call with its own schema before
  // any handler runs and answers a malformed call with -32603 and a raw zod dump; toolCallOf answers -32602 naming
  // what is wrong. Results are ours (callTool), well-formed by construction.
  Protocol.prototype.setRequestHandler.call(server, ToolCallMessage, async (request: { params?: unknown }) => {
    const call = toolCallOf(request.params);
    const tool = ctx.tools.find((t) => t.name === call.name);
    if (!tool) {
      throw invalidParams(
        `name: Unknown tool: ${call.name.slice(0, 100)}; tools/list names the tools this token may call`,
      );
    }
    return callTool(ctx, tool, call);
  });
  return server;
}
