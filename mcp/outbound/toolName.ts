/**
 * Names of outbound tools: `mcp__<server>__<tool>`. A server name has no underscore (engines/outbound/servers.ts),
 * so the first `__` after the prefix ends it, whatever the tool's own name holds.
 */
export const outboundToolPrefix = 'mcp__';

/**
 * True for every name in the outbound namespace, whatever its case: the approval gate keys on this, so a name
 * the model spells `MCP__x__y` is still an outbound call that needs a person's decision, never a read.
 */
export function isOutboundTool(name: string): boolean {
  return name.toLowerCase().startsWith(outboundToolPrefix);
}

/** What a provider model accepts as a tool name (OpenAI's rule, the strictest common one). */
const modelSafe = /^[A-Za-z0-9_-]{1,64}$/;

/** The catalogue name of `tool` on `server`, or undefined when the result would not be a safe tool name. */
export function outboundToolName(server: string, tool: string): string | undefined {
  const name = `${outboundToolPrefix}${server}__${tool}`;
  return modelSafe.test(name) ? name : undefined;
}

/** The server and tool of an outbound name, or undefined for a name outside the namespace or malformed. */
export function parseOutboundToolName(name: string): { server: string; tool: string } | undefined {
  if (!name.startsWith(outboundToolPrefix)) return undefined;
  const rest = name.slice(outboundToolPrefix.length);
  const cut = rest.indexOf('__');
  if (cut <= 0 || cut + 2 >= rest.length) return undefined;
  return { server: rest.slice(0, cut), tool: rest.slice(cut + 2) };
}

/**
 * The system an approver is shown, and which the call must still match when it runs: the server's name and URL, or
 * its connector. Stored on the action, so a server changed after the approval is not called in its new form.
 */
export function systemOf(server: {
  name: string;
  url: string | null;
  connectorId: string | null;
  connector?: { name: string } | null;
}): string {
  if (server.url) return `${server.name} (${server.url})`;
  return `${server.name} (connector ${server.connector?.name ?? server.connectorId ?? 'unknown'})`;
}
