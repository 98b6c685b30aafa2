import { randomUUID } from 'node:crypto';
import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireAdminRole as requireTenantAdmin } from '../access/requireAdminRole';
import { AppError } from '../appError';
import type { SecretBox } from '../secrets/secretBox';
import { staticHeaders } from './serverHeaders';
import { checkServerUrl } from './serverUrl';

/**
 * The connection settings' allow-list of outbound MCP servers (docs/outbound.md). Only a workspace ADMIN or
 * OWNER (live role) manages it. Static headers and a bearer secret are sealed (secretBox.ts) and never come back:
 * a view names the headers, not their values.
 */

export interface McpServerRow {
  id: string;
  tenantId: string;
  name: string;
  url: string | null;
  connectorId: string | null;
  headersSealed: string | null;
  headerNames: string[];
  enabled: boolean;
  tools: unknown;
  toolsRefreshedAt: Date | null;
  lastError: string | null;
  createdById: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A tool a server listed, as the settings show it. */
export interface ListedTool {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}

export interface McpServerView {
  id: string;
  name: string;
  url: string | null;
  connectorId: string | null;
  enabled: boolean;
  headerNames: string[];
  tools: Array<{ name: string; description?: string }>;
  toolsRefreshedAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A server as the settings show it; a connector's server lists the tools its connector published. */
export function toServerView(row: McpServerRow & { connector?: { publishedTools: unknown } | null }): McpServerView {
  const listed = row.connector ? row.connector.publishedTools : row.tools;
  const tools = Array.isArray(listed) ? (listed as ListedTool[]) : [];
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    connectorId: row.connectorId,
    enabled: row.enabled,
    headerNames: row.headerNames,
    tools: tools.map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}) })),
    toolsRefreshedAt: row.toolsRefreshedAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What sealing binds a server's headers to: its own row, so a sealed value moved to another row does not open. */
export const sealedHeadersBinding = (row: { tenantId: string; id: string }) => `mcp_server:${row.tenantId}:${row.id}`;

/** The static headers of a server, opened (only for the call itself; never shown, logged or audited). */
export function openHeaders(box: SecretBox, row: McpServerRow): Record<string, string> {
  if (!row.headersSealed) return {};
  return JSON.parse(box.open(row.headersSealed, sealedHeadersBinding(row))) as Record<string, string>;
}

export interface ServerSettingsDeps {
  prisma: PrismaClient;
  box: SecretBox;
  allowPrivateNetwork: boolean;
}

export interface CreateServerInput {
  name: string;
  url?: string | undefined;
  connectorId?: string | undefined;
  headers?: Record<string, string> | undefined;
  bearerToken?: string | undefined;
  enabled?: boolean | undefined;
}

async function requireConnector(prisma: PrismaClient, tenantId: string, connectorId: string): Promise<void> {
  const connector = await prisma.mcpConnector.findFirst({ where: { id: connectorId, tenantId, revokedAt: null } });
  if (!connector) {
    throw new AppError('validation_error', 'connectorId names no connector of this workspace (or a revoked one)', {
      field: 'connectorId',
    });
  }
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** Adds a server to the allow-list. validation_error for bad input, conflict for a name in use; writes nothing then. */
export async function createServer(
  deps: ServerSettingsDeps,
  actor: Actor,
  input: CreateServerInput,
): Promise<McpServerView> {
  requireTenantAdmin(actor);
  const tenantId = actor.tenant.id;
  if ((input.url === undefined) === (input.connectorId === undefined)) {
    throw new AppError('validation_error', 'Give exactly one of url (a server reached directly) or connectorId', {
      field: input.url === undefined ? 'url' : 'connectorId',
    });
  }
  let url: string | null = null;
  let headers: Record<string, string> | undefined;
  if (input.url !== undefined) {
    url = (await checkServerUrl(input.url, deps)).toString();
    headers = staticHeaders(input.headers, input.bearerToken);
  } else {
    if (input.headers !== undefined || input.bearerToken !== undefined) {
      throw new AppError('validation_error', 'headers and bearerToken apply to a server reached by url only', {
        field: input.headers !== undefined ? 'headers' : 'bearerToken',
      });
    }
    await requireConnector(deps.prisma, tenantId, input.connectorId!);
  }
  const id = randomUUID();
  try {
    const row = await deps.prisma.mcpServer.create({
      include: { connector: true },
      data: {
        id,
        tenantId,
        name: input.name,
        url,
        connectorId: input.connectorId ?? null,
        headersSealed: headers ? deps.box.seal(JSON.stringify(headers), sealedHeadersBinding({ tenantId, id })) : null,
        headerNames: Object.keys(headers ?? {}),
        enabled: input.enabled ?? true,
        createdById: actor.user.id,
      },
    });
    return toServerView(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', `A server named ${input.name} exists already in this workspace`, {
        field: 'name',
      });
    }
    throw error;
  }
}

/** The servers of the actor's workspace, by name. */
export async function listServers(prisma: PrismaClient, actor: Actor): Promise<McpServerView[]> {
  requireTenantAdmin(actor);
  const rows = await prisma.mcpServer.findMany({
    where: { tenantId: actor.tenant.id },
    include: { connector: true },
    orderBy: { name: 'asc' },
  });
  return rows.map(toServerView);
}

async function findServer(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<McpServerRow & { connector: { publishedTools: unknown } | null }> {
  const row = await prisma.mcpServer.findFirst({
    where: { id, tenantId: actor.tenant.id },
    include: { connector: true },
  });
  if (!row) throw new AppError('not_found', 'No such MCP server in this workspace');
  return row;
}

export async function getServer(prisma: PrismaClient, actor: Actor, id: string): Promise<McpServerView> {
  requireTenantAdmin(actor);
  return toServerView(await findServer(prisma, actor, id));
}

export interface UpdateServerInput {
  url?: string | undefined;
  /** Replaces every static header; null removes them (and a bearer secret with them). */
  headers?: Record<string, string> | null | undefined;
  /** Replaces the bearer secret (kept headers stay); null removes it. */
  bearerToken?: string | null | undefined;
  enabled?: boolean | undefined;
}

/**
 * Changes a server's URL, headers, bearer secret or enabled flag. A new URL or new headers drop the cached tools:
 * the catalogue lists them again from the server as it now is. Pending actions named the old system, so they
 * will not run against the new one (mcp/outbound/approvedAction.ts compares).
 */
export async function updateServer(
  deps: ServerSettingsDeps,
  actor: Actor,
  id: string,
  input: UpdateServerInput,
): Promise<McpServerView> {
  requireTenantAdmin(actor);
  const row = await findServer(deps.prisma, actor, id);
  const touchesTransport = input.url !== undefined || input.headers !== undefined || input.bearerToken !== undefined;
  if (row.connectorId && touchesTransport) {
    throw new AppError('validation_error', 'A server reached through a connector has no url, headers or bearerToken', {
      field: input.url !== undefined ? 'url' : input.headers !== undefined ? 'headers' : 'bearerToken',
    });
  }
  const data: Prisma.McpServerUpdateInput = {};
  if (input.url !== undefined) data.url = (await checkServerUrl(input.url, deps)).toString();
  if (input.headers !== undefined || input.bearerToken !== undefined) {
    const current = openHeaders(deps.box, row);
    const currentBearer = current.Authorization?.startsWith('Bearer ') ? current.Authorization.slice(7) : undefined;
    let kept: Record<string, string> | undefined;
    if (input.headers === null) kept = undefined;
    else if (input.headers !== undefined) kept = input.headers;
    else kept = Object.fromEntries(Object.entries(current).filter(([n]) => n !== 'Authorization' || !currentBearer));
    const bearer =
      input.bearerToken === null
        ? undefined
        : (input.bearerToken ?? (input.headers === null ? undefined : currentBearer));
    const headers = staticHeaders(kept, bearer);
    data.headersSealed = headers ? deps.box.seal(JSON.stringify(headers), sealedHeadersBinding(row)) : null;
    data.headerNames = Object.keys(headers ?? {});
  }
  if (touchesTransport) {
    data.tools = [];
    data.toolsRefreshedAt = null;
    data.lastError = null;
  }
  if (input.enabled !== undefined) data.enabled = input.enabled;
  return toServerView(
    await deps.prisma.mcpServer.update({ where: { id: row.id }, data, include: { connector: true } }),
  );
}

/** Removes a server from the allow-list; its tools leave the catalogue at the next planning step. */
export async function deleteServer(prisma: PrismaClient, actor: Actor, id: string): Promise<McpServerView> {
  requireTenantAdmin(actor);
  const row = await findServer(prisma, actor, id);
  await prisma.mcpServer.delete({ where: { id: row.id } });
  return toServerView(row);
}
