import type { PrismaClient } from '../../db/prismaClient';
import { isOnline } from '../../engines/connectors/connectorView';
import type { SecretBox } from '../../engines/secrets/secretBox';
import { openHeaders, type ListedTool, type McpServerRow } from '../../engines/outbound/servers';
import type { AgentTool, JsonSchemaObject } from '../../model/types';
import { listServerTools } from './client';
import { outboundToolName } from './toolName';

export interface OutboundCatalogueDeps {
  prisma: PrismaClient;
  box: SecretBox;
  allowPrivateNetwork: boolean;
  /** A server's listed tools are trusted this long, then listed again (config SVC_HR_MCP_TOOLS_TTL). */
  toolsTtlMs: number;
  /** How long listing a server's tools may take. */
  timeoutMs: number;
  /** A connector heard from longer ago than this counts as offline. */
  connectorStaleAfterMs: number;
  now?: () => Date;
}

/** A tool's input schema as the model needs it: always an object schema. */
function objectSchema(schema: Record<string, unknown> | undefined): JsonSchemaObject {
  if (schema && schema.type === 'object') return schema as JsonSchemaObject;
  return { type: 'object', properties: {} };
}

function asAgentTools(server: { name: string; url: string | null }, tools: readonly ListedTool[]): AgentTool[] {
  const where = server.url ? `MCP server ${server.name}` : `MCP server ${server.name}, through its connector`;
  return tools.flatMap((tool) => {
    // A tool whose name cannot become a safe model tool name is left out rather than renamed: a renamed tool
    // would call something its server does not know by that name.
    const name = outboundToolName(server.name, tool.name);
    if (!name) return [];
    return [
      {
        name,
        // A server's own words, cut short: they reach the model's prompt and the approver's screen.
        description: `${(tool.description ?? tool.name).slice(0, 1000)} (${where}; every call waits for a person's approval)`,
        inputSchema: objectSchema(tool.inputSchema),
        kind: 'external' as const,
      },
    ];
  });
}

/**
 * Lists a URL server's tools again and stores them (or why it failed) on its row, which every process shares as
 * the cache. Answers the tools, or undefined when the server could not be listed: its tools are unavailable.
 */
export async function refreshServerTools(
  deps: OutboundCatalogueDeps,
  row: McpServerRow,
): Promise<ListedTool[] | undefined> {
  const now = deps.now?.() ?? new Date();
  try {
    const tools = await listServerTools(
      { url: row.url!, headers: openHeaders(deps.box, row) },
      { allowPrivateNetwork: deps.allowPrivateNetwork, timeoutMs: deps.timeoutMs },
    );
    await deps.prisma.mcpServer.updateMany({
      where: { id: row.id, updatedAt: row.updatedAt },
      data: { tools: tools as object[], toolsRefreshedAt: now, lastError: null },
    });
    return tools;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.prisma.mcpServer.updateMany({
      where: { id: row.id, updatedAt: row.updatedAt },
      data: { toolsRefreshedAt: now, lastError: message.slice(0, 500) },
    });
    return undefined;
  }
}

/**
 * The outbound tools of a tenant's enabled servers, as `mcp__<server>__<tool>` with kind `external`. A URL
 * server's list is cached on its row for `toolsTtlMs`, then listed again; a server that cannot be listed, or whose
 * connector is offline, contributes no tools (they are unavailable) and the rest of the catalogue is unaffected.
 * Never throws for a server's sake: a run that does not use it must not fail because of it.
 */
export async function outboundTools(deps: OutboundCatalogueDeps, tenantId: string): Promise<AgentTool[]> {
  const now = deps.now?.() ?? new Date();
  const servers = await deps.prisma.mcpServer.findMany({
    where: { tenantId, enabled: true },
    include: { connector: true },
    orderBy: { name: 'asc' },
  });
  const lists = await Promise.all(
    servers.map(async (server): Promise<AgentTool[]> => {
      if (server.connector) {
        if (!isOnline(server.connector, deps.connectorStaleAfterMs, now)) return [];
        const published = server.connector.publishedTools;
        return asAgentTools(server, Array.isArray(published) ? (published as unknown as ListedTool[]) : []);
      }
      if (!server.url) return [];
      const fresh =
        server.toolsRefreshedAt !== null && now.getTime() - server.toolsRefreshedAt.getTime() < deps.toolsTtlMs;
      if (fresh) {
        if (server.lastError !== null) return [];
        return asAgentTools(server, Array.isArray(server.tools) ? (server.tools as unknown as ListedTool[]) : []);
      }
      const tools = await refreshServerTools(deps, server);
      return tools ? asAgentTools(server, tools) : [];
    }),
  );
  return lists.flat();
}
