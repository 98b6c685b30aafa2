import type { Prisma } from '../../db/models';
import type { ListedTool } from '../../engines/outbound/servers';
import { outboundTools } from '../../mcp/outbound/catalogue';
import { parseOutboundToolName, systemOf } from '../../mcp/outbound/toolName';
import type { AgentTool, ToolKind } from '../../model/types';
import type { AgentActivityDeps } from './deps';
import { outboundDepsOf } from './outbound';
import { isOutboundTool } from '../../mcp/outbound/toolName';

/**
 * The run's outbound tools (mcp/outbound/catalogue.ts). A failure to read them must not fail a run that does not
 * use them: it is logged, and the step plans with our own tools only.
 */
export async function outboundCatalogue(deps: AgentActivityDeps, tenantId: string): Promise<AgentTool[]> {
  try {
    return await outboundTools(outboundDepsOf(deps).catalogue, tenantId);
  } catch (error) {
    deps.log.warn({ err: error, tenantId }, 'outbound MCP tools unavailable for this step');
    return [];
  }
}

/**
 * The kind a planned call runs as. An outbound name is `external` (an approval) whatever the model or the
 * catalogue says; an unknown name runs as a read, whose result tells the model it is not available.
 */
export function plannedKind(tool: string, catalogue: readonly AgentTool[]): ToolKind {
  if (isOutboundTool(tool)) return 'external';
  const kind = catalogue.find((t) => t.name === tool)?.kind ?? 'read';
  return kind;
}

/** What the approver of an outbound call sees: the server (name and URL or connector) and the tool's description. */
export async function describeOutboundCall(
  tx: Prisma.TransactionClient,
  tenantId: string,
  tool: string,
): Promise<{ system: string; description: string }> {
  const name = parseOutboundToolName(tool);
  if (!name) return { system: 'unknown MCP server', description: `${tool} is not a tool of an allow-listed server` };
  const server = await tx.mcpServer.findFirst({ where: { tenantId, name: name.server }, include: { connector: true } });
  if (!server) {
    return { system: `${name.server} (not allow-listed)`, description: `${name.tool}: no such server is allow-listed` };
  }
  const listed = server.connector ? server.connector.publishedTools : server.tools;
  const found = (Array.isArray(listed) ? (listed as unknown as ListedTool[]) : []).find((t) => t.name === name.tool);
  return {
    system: systemOf(server),
    description: `${name.tool}: ${found?.description?.slice(0, 1000) ?? 'a tool this server does not list now'}`,
  };
}
