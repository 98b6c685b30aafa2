import type { PrismaClient } from '../../db/prismaClient';
import type { SecretBox } from '../../engines/secrets/secretBox';
import { openHeaders } from '../../engines/outbound/servers';
import { assertApproved, type ApprovedOutboundAction } from './approvedAction';
import { attributionOf } from './attribution';
import { withMcpClient } from './client';
import { connectorTaskQueue, type ConnectorToolCall, type OutboundToolResult } from '../../lib/connector/queue';

/**
 * The only ways svc-hr calls an outbound tool. Both take an ApprovedOutboundAction (approvedAction.ts) and check
 * at run time that it is a real one, so an unapproved call cannot be written without failing here.
 */

export interface DirectCallDeps {
  prisma: PrismaClient;
  box: SecretBox;
  allowPrivateNetwork: boolean;
  timeoutMs: number;
}

function attributionFor(action: ApprovedOutboundAction) {
  return attributionOf({
    tenantId: action.tenantId,
    userId: action.userId,
    runId: action.runId,
    actionId: action.actionId,
    idempotencyKey: action.idempotencyKey,
  });
}

/**
 * Calls the approved tool on its server's URL with the server's sealed headers and the attribution headers and
 * `_meta`. A tool error comes back as a result with `isError`; a transport failure throws (the caller retries with
 * the same idempotency key).
 */
export async function callApprovedTool(
  action: ApprovedOutboundAction,
  deps: DirectCallDeps,
): Promise<OutboundToolResult> {
  assertApproved(action);
  const server = await deps.prisma.mcpServer.findUniqueOrThrow({ where: { id: action.server.id } });
  if (!server.url) throw new Error(`The MCP server ${server.name} is reached through a connector, not by URL`);
  const { headers, meta } = attributionFor(action);
  // One deadline for connecting and calling together, well inside the activity's own timeout, so a slow server
  // ends as a failed attempt of this activity rather than as a timed-out one.
  const deadline = Date.now() + deps.timeoutMs;
  return withMcpClient(
    // Attribution last: it is svc-hr's word on who asked, and no stored header may replace it.
    { url: server.url, headers: { ...openHeaders(deps.box, server), ...headers } },
    { allowPrivateNetwork: deps.allowPrivateNetwork, timeoutMs: deps.timeoutMs },
    async (client) => {
      const result = await client.callTool({ name: action.toolName, arguments: action.args, _meta: meta }, undefined, {
        timeout: Math.max(1000, deadline - Date.now()),
      });
      return {
        content: Array.isArray(result.content) ? (result.content as unknown[]) : [],
        ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
        ...(result.isError ? { isError: true } : {}),
      };
    },
  );
}

/** The task of an approved call through a connector, for its task queue (lib/connector/queue.ts). */
export function connectorCallOf(action: ApprovedOutboundAction): { taskQueue: string; call: ConnectorToolCall } {
  assertApproved(action);
  const connectorId = action.server.connectorId;
  if (!connectorId) throw new Error(`The MCP server ${action.server.name} is reached by URL, not through a connector`);
  const { headers, meta } = attributionFor(action);
  return {
    taskQueue: connectorTaskQueue(connectorId),
    call: {
      connectorId,
      tool: action.toolName,
      arguments: action.args,
      headers,
      meta,
      idempotencyKey: action.idempotencyKey,
      actionId: action.actionId,
    },
  };
}
