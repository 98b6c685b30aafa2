import type { McpConnector } from '../../db/models';
import type { PublishedTool } from '../../lib/connector/protocol';

/** A connector as an admin sees it: never the pairing token nor its hash. */
export interface ConnectorView {
  id: string;
  name: string;
  /** The non-secret start of the pairing token, to tell tokens apart. */
  pairingTokenHint: string;
  /** Connected now: a replica holds its socket and has heard from it within the staleness window. */
  online: boolean;
  lastSeenAt: string | null;
  publishedTools: PublishedTool[];
  toolsUpdatedAt: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/**
 * Whether a connector counts as online. `online` is written by the replica holding the socket, but a replica that
 * died cannot clear it, so a flag older than `staleAfterMs` (three heartbeats) counts as offline.
 */
export function isOnline(
  row: Pick<McpConnector, 'online' | 'lastSeenAt' | 'revokedAt'>,
  staleAfterMs: number,
  now = new Date(),
): boolean {
  return (
    row.online &&
    row.revokedAt === null &&
    row.lastSeenAt !== null &&
    now.getTime() - row.lastSeenAt.getTime() <= staleAfterMs
  );
}

export function connectorViewOf(row: McpConnector, staleAfterMs: number, now = new Date()): ConnectorView {
  return {
    id: row.id,
    name: row.name,
    pairingTokenHint: row.pairingTokenHint,
    online: isOnline(row, staleAfterMs, now),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    publishedTools: Array.isArray(row.publishedTools) ? (row.publishedTools as PublishedTool[]) : [],
    toolsUpdatedAt: row.toolsUpdatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
