import { z } from 'zod';
import type { OperationContext } from '../context';
import { secretBoxOf } from '../../engines/secrets/secretBox';
import type { ServerSettingsDeps } from '../../engines/outbound/servers';

/** `mcp__<name>__<tool>`: lower-case letters, digits and dashes, so the tool names stay unambiguous. */
export const ServerName = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,31}$/,
    'name must be 1 to 32 lower-case letters, digits or dashes, starting with a letter or digit',
  )
  .describe('the server name, the <name> of its tools `mcp__<name>__<tool>` (lower-case letters, digits, dashes)');

export const ServerHeaders = z
  .record(z.string(), z.string().max(8192))
  .refine((h) => Object.keys(h).length <= 20, 'at most 20 headers')
  .describe('static headers sent with every call (for example an API key); stored encrypted, never shown again');

export const BearerToken = z
  .string()
  .min(1)
  .max(8192)
  .describe('a bearer secret sent as `Authorization: Bearer …`; stored encrypted, never shown again');

export const McpServerView = z.object({
  id: z.uuid(),
  name: z.string().describe('the <name> of its tools `mcp__<name>__<tool>`'),
  url: z.string().nullable().describe('the server URL, when reached directly'),
  connectorId: z.uuid().nullable().describe('the connector it is reached through, when not by URL'),
  enabled: z.boolean().describe('whether its tools are offered to the agent'),
  headerNames: z.array(z.string()).describe('the names of its stored headers (their values are never shown)'),
  tools: z
    .array(z.object({ name: z.string(), description: z.string().optional() }))
    .describe('the tools it listed at the last refresh'),
  toolsRefreshedAt: z.string().nullable().describe('when its tools were last listed'),
  lastError: z.string().nullable().describe('why the last listing failed (its tools are unavailable meanwhile)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The body an audit record keeps: header names and whether a bearer secret was given, never a value. */
export function auditServerBody(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const { headers, bearerToken, ...rest } = body as Record<string, unknown>;
  return {
    ...rest,
    ...(headers === null ? { headers: null } : {}),
    ...(headers && typeof headers === 'object' ? { headerNames: Object.keys(headers) } : {}),
    ...(bearerToken !== undefined ? { bearerToken: bearerToken === null ? null : '[REDACTED]' } : {}),
  };
}

/** What the settings engine needs, from the request's context. */
export function settingsDeps(ctx: OperationContext): ServerSettingsDeps {
  const { config, prisma } = ctx.deps;
  return {
    prisma,
    box: secretBoxOf(config),
    allowPrivateNetwork: config.allowPrivateNetwork,
  };
}
