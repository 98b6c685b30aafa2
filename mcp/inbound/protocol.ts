/** The MCP protocol versions svc-hr speaks (interface.md, Versioning item 2), newest first. */
export const supportedProtocolVersions = ['2025-06-18', '2025-03-26'] as const;

/**
 * The version to answer an initialize with: the client's when we speak it, else our newest (the MCP
 * specification: the server answers with a version it supports, and the client decides whether to go on).
 */
export function negotiateProtocolVersion(requested: string | undefined): string {
  return (supportedProtocolVersions as readonly string[]).includes(requested ?? '')
    ? (requested as string)
    : supportedProtocolVersions[0];
}

export const mcpServerInfo = { name: 'svc-hr', version: '0.1.0' } as const;
