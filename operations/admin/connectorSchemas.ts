import { z } from 'zod';

export const ConnectorTool = z
  .looseObject({
    name: z.string().describe("the tool's name on the adapter"),
    description: z.string().optional().describe('what the adapter says the tool does'),
    inputSchema: z.record(z.string(), z.unknown()).describe("the tool's JSON Schema input, as the adapter listed it"),
  })
  .describe('a tool the connector published from its local MCP adapter');

export const ConnectorView = z
  .object({
    id: z.uuid().describe('the connector id'),
    name: z.string().describe('the name it was given'),
    pairingTokenHint: z.string().describe('the non-secret start of its pairing token ("hrc_3fK9…")'),
    online: z.boolean().describe('whether an API replica holds its socket and heard from it within three heartbeats'),
    lastSeenAt: z.iso.datetime().nullable().describe('when a replica last heard from it'),
    publishedTools: z.array(ConnectorTool).describe('the tools of its local adapter, as last published'),
    toolsUpdatedAt: z.iso.datetime().nullable().describe('when the tools were last published'),
    createdAt: z.iso.datetime().describe('when it was created'),
    revokedAt: z.iso.datetime().nullable().describe('when it was revoked; a revoked connector cannot connect'),
  })
  .describe('an outbound connector: a process in your network that runs approved MCP calls on a local adapter');

/** Connectors answer `online` as of three missed heartbeats. */
export const staleAfterMs = (heartbeatSeconds: number): number => heartbeatSeconds * 3000;
