import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { checkServerUrl } from '../../engines/outbound/serverUrl';
import type { ListedTool } from '../../engines/outbound/servers';

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
 * Runs `use` with an MCP client connected to `endpoint`, closing it after. The URL's addresses are checked again
 * here, before every connection (a name can be re-pointed after the admin saved it), and redirects are refused so
 * that a public server cannot bounce the call inside the network.
 */
export async function withMcpClient<T>(
  endpoint: McpEndpoint,
  opts: ConnectOptions,
  use: (client: Client) => Promise<T>,
): Promise<T> {
  const url = await checkServerUrl(endpoint.url, opts);
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: endpoint.headers, redirect: 'error' },
  });
  const client = new Client({ name: 'svc-hr', version: '1' }, { capabilities: {} });
  await client.connect(transport, { timeout: opts.timeoutMs });
  try {
    return await use(client);
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
