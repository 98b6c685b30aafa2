import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createGuardedFetch } from '../../engines/network/guardedFetch';
import { checkServerUrl } from '../../engines/outbound/serverUrl';
import type { ListedTool } from '../../engines/outbound/servers';
import { outboundFailure } from './failure';

/** Where an allow-listed server answers, with the headers every request to it carries. */
export interface McpEndpoint {
  url: string;
  headers: Record<string, string>;
}

export interface ConnectOptions {
  allowPrivateNetwork: boolean;
  /** How long connecting and each request may take. */
  timeoutMs: number;
}

/**
 * Runs `use` with an MCP client connected to `endpoint`, closing it after. The URL is checked again here, and every
 * connection the client opens goes through the guarded fetch (engines/network/guardedFetch.ts), which judges the
 * addresses a name resolves to at the moment of connecting (a name can be re-pointed after the admin saved it, or
 * between two requests) and follows no redirect. A failure says what failed, never what the server answered
 * (failure.ts); a refused address is a validation_error, as when the URL is stored.
 */
export async function withMcpClient<T>(
  endpoint: McpEndpoint,
  opts: ConnectOptions,
  use: (client: Client) => Promise<T>,
): Promise<T> {
  const url = await checkServerUrl(endpoint.url, opts);
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: endpoint.headers, redirect: 'error' },
    fetch: createGuardedFetch({ allowPrivateNetwork: opts.allowPrivateNetwork }),
  });
  const client = new Client({ name: 'svc-hr', version: '1' }, { capabilities: {} });
  try {
    await client.connect(transport, { timeout: opts.timeoutMs });
    return await use(client);
  } catch (error) {
    throw outboundFailure(error, opts.timeoutMs);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** At most this many pages of tools/list: a server that pages for ever must not hold a planning step. */
const maxPages = 20;

/** The tools a server lists (every page). Throws when it cannot be reached or answers badly. */
export async function listServerTools(endpoint: McpEndpoint, opts: ConnectOptions): Promise<ListedTool[]> {
  return withMcpClient(endpoint, opts, async (client) => {
    const tools: ListedTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const listed = await client.listTools(cursor ? { cursor } : {}, { timeout: opts.timeoutMs });
      for (const tool of listed.tools) {
        tools.push({
          name: tool.name,
          ...(tool.description ? { description: tool.description } : {}),
          inputSchema: tool.inputSchema as Record<string, unknown>,
        });
      }
      cursor = listed.nextCursor;
      if (!cursor) break;
    }
    return tools;
  });
}
