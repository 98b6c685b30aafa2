import { z } from 'zod';

/**
 * The messages of the connector socket (docs/outbound.md, "Connector"): JSON text frames with a `type`, shared
 * by the API's connector hub and the connector process. Both sides parse what they receive with these schemas
 * and drop a frame that does not match (a newer peer's message must not crash an older one).
 *
 *   connector → hub   hello {protocol, tools}   tools {tools}   ack {callId}   result {callId, result | error}
 *   hub → connector   welcome {connectorId, heartbeatSeconds}   call {callId, tool, arguments, headers, meta,
 *                     idempotencyKey, actionId}
 */
export const connectorProtocolVersion = 1;

/** An MCP Tool as the adapter listed it; unknown fields are kept so nothing the adapter said is lost. */
export const PublishedTool = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  inputSchema: z.looseObject({ type: z.literal('object') }),
  annotations: z.record(z.string(), z.unknown()).optional(),
});
export type PublishedTool = z.infer<typeof PublishedTool>;

export const ToolResult = z.object({
  content: z.array(z.unknown()),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
});

export const ConnectorMessage = z.discriminatedUnion('type', [
  /** The first message on a socket: the adapter's tools, or none with the reason the adapter could not list them. */
  z.object({
    type: z.literal('hello'),
    protocol: z.number().int(),
    tools: z.array(PublishedTool),
    adapterError: z.string().optional(),
  }),
  /** The adapter's tool list changed (or became reachable again). */
  z.object({ type: z.literal('tools'), tools: z.array(PublishedTool), adapterError: z.string().optional() }),
  /** The connector has the call and runs it (or already ran it: then the result follows at once). */
  z.object({ type: z.literal('ack'), callId: z.string() }),
  /** The outcome of a call: the adapter's result (isError included), or why the adapter could not be reached. */
  z.object({
    type: z.literal('result'),
    callId: z.string(),
    result: ToolResult.optional(),
    error: z.object({ message: z.string() }).optional(),
  }),
]);
export type ConnectorMessage = z.infer<typeof ConnectorMessage>;

export const HubMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), connectorId: z.string(), heartbeatSeconds: z.number().positive() }),
  z.object({
    type: z.literal('call'),
    callId: z.string(),
    tool: z.string(),
    arguments: z.record(z.string(), z.unknown()),
    headers: z.record(z.string(), z.string()),
    meta: z.record(z.string(), z.unknown()),
    idempotencyKey: z.string(),
    actionId: z.string(),
  }),
]);
export type HubMessage = z.infer<typeof HubMessage>;

/** Close codes the hub uses, so the connector can tell "try again" from "stop". */
export const closeCodes = {
  /** The hub is shutting down (a deploy): reconnect, another replica will take the socket. */
  goingAway: 1001,
  /** The pairing token was revoked while connected: stop, reconnecting cannot help. */
  revoked: 4003,
  /** A newer socket of the same connector replaced this one on this replica. */
  replaced: 4009,
  /** The peer broke the protocol (no hello in time, unparseable frames). */
  protocolError: 4400,
} as const;

/** Parses one frame; undefined for anything that is not a message of the schema. */
export function parseFrame<T extends z.ZodType>(schema: T, text: string): z.output<T> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
