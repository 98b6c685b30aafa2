import type { OutboundPolicy } from '../network/outboundAddress';
import { checkOutboundUrl } from '../network/outboundUrl';

/**
 * Checks an MCP server URL when an admin stores it, and again before every connection (a name that resolved to a
 * public address yesterday may point inside the network today): the outbound URL rule (network/outboundUrl.ts),
 * with credentials belonging in the server's headers.
 */
export function checkServerUrl(raw: string, policy: OutboundPolicy): Promise<URL> {
  return checkOutboundUrl(raw, policy, { example: 'https://mcp.example.com/mcp', credentialsHint: '; use headers' });
}
