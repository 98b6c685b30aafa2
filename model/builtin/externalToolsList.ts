/**
 * "What tools does the everything server have?", "list the external tools": the outbound tools this run offers
 * (`mcp__<server>__<tool>`, allow-listed by an admin), told from the catalogue itself, without calling anything. A
 * server named that offers no tool here is said to offer none, rather than read as a request not understood.
 */

import type { AgentTool } from '../types';

export const ASKS_EXTERNAL_TOOLS = new RegExp(
  [
    // "What tools does the everything server have?", "what can the payroll system do?"
    String.raw`\b(?:what|which)\s+tools\s+(?:does|do|can|has|have|are\s+on|are\s+in)\s+the\s+[\w-]+\s+(?:mcp\s+)?(?:server|system)\b`,
    String.raw`\bwhat\s+can\s+the\s+[\w-]+\s+(?:mcp\s+)?(?:server|system)\s+do\b`,
    String.raw`\btools\s+(?:of|on|from|in)\s+the\s+[\w-]+\s+(?:mcp\s+)?(?:server|system)\b`,
    // "Which MCP servers are connected?", "list the external tools"
    String.raw`\b(?:what|which|list|show)(?:\s+me)?(?:\s+(?:the|all))?\s+(?:external|outside|outbound|mcp|connected)\s+(?:tools|servers)\b`,
    String.raw`\b(?:what|which)\s+servers\b`,
  ].join('|'),
);

/** The outbound tools of the catalogue by server: `mcp__payroll__get_payslip` is `get_payslip` of `payroll`. */
function byServer(tools: readonly AgentTool[]): Map<string, AgentTool[]> {
  const servers = new Map<string, AgentTool[]>();
  for (const tool of tools) {
    const m = /^mcp__(.+?)__(.+)$/.exec(tool.name);
    if (tool.kind !== 'external' || !m) continue;
    servers.set(m[1]!, [...(servers.get(m[1]!) ?? []), tool]);
  }
  return servers;
}

const line = (tool: AgentTool) => `- ${tool.name}: ${tool.description.split(/(?<=[.!?])\s/)[0]}`;

/** The server a normalised request names ("the everything server"), if it names one. */
export function namedServer(text: string): string | undefined {
  return /\bthe\s+([\w-]+)\s+(?:mcp\s+)?(?:server|system)\b/.exec(text)?.[1];
}

/** The reply: the tools of the server `named`, or of every server; or that there are none. */
export function externalToolsReply(named: string | undefined, tools: readonly AgentTool[]): string {
  const servers = byServer(tools);
  if (named !== undefined) {
    const own = [...servers].find(([server]) => server.toLowerCase() === named)?.[1];
    if (!own) return `No tools of a "${named}" server are offered in this session: an admin allow-lists MCP servers.`;
    return `The ${named} server offers (each call waits for your approval):\n${own.map(line).join('\n')}`;
  }
  if (servers.size === 0) return 'No external tools are offered in this session: an admin allow-lists MCP servers.';
  const lists = [...servers].map(([server, own]) => `${server}:\n${own.map(line).join('\n')}`);
  return `External tools of the allow-listed servers (each call waits for your approval):\n${lists.join('\n')}`;
}
