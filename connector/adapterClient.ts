import { AsyncLocalStorage } from 'node:async_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { OutboundToolResult } from '../lib/connector/queue';
import { PublishedTool } from '../lib/connector/protocol';

/** A call the adapter could not be asked, or did not answer: the hub's retry may try again with the same key. */
export class AdapterUnreachable extends Error {
  override name = 'AdapterUnreachable';
}

/**
 * Only attribution headers are forwarded: a call must not be able to set the adapter session's protocol headers
 * (Mcp-Session-Id, Content-Type, Authorization).
 */
export function forwardableHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => /^(x-svc-hr-[a-z-]+|idempotency-key)$/i.test(name)),
  );
}

/** MCP errors that say the request may not have reached, or come back from, the adapter. */
const transportCodes = new Set<number>([ErrorCode.ConnectionClosed, ErrorCode.RequestTimeout]);

/**
 * The connector's MCP client of its local adapter (a streamable-HTTP MCP server): one session, re-opened after a
 * transport failure, whose requests carry each call's attribution headers (an AsyncLocalStorage read by the
 * transport's fetch, so concurrent calls keep their own headers).
 */
export class AdapterClient {
  private session: Promise<Client> | undefined;
  private readonly callHeaders = new AsyncLocalStorage<Record<string, string>>();

  constructor(
    private readonly url: URL,
    private readonly opts: {
      /** The adapter announced that its tools changed (notifications/tools/list_changed). */
      onToolsChanged?: () => void;
      callTimeoutMs?: number;
      version?: string;
    } = {},
  ) {}

  /** The adapter's tools, every page. */
  async listTools(): Promise<PublishedTool[]> {
    const client = await this.connected();
    const tools: PublishedTool[] = [];
    let cursor: string | undefined;
    try {
      do {
        const page = await client.listTools(cursor ? { cursor } : {});
        for (const tool of page.tools) {
          const parsed = PublishedTool.safeParse(tool);
          if (parsed.success) tools.push(parsed.data);
        }
        cursor = page.nextCursor;
      } while (cursor);
    } catch (error) {
      throw this.failed(error);
    }
    return tools;
  }

  /**
   * Runs one tools/call with the attribution headers as HTTP headers and `meta` as `_meta`. A tool error, or an
   * MCP error answer (unknown tool, invalid arguments), is a result with isError: asking again cannot change it.
   * Throws AdapterUnreachable when the adapter could not be reached or did not answer.
   */
  async callTool(call: {
    tool: string;
    arguments: Record<string, unknown>;
    headers: Record<string, string>;
    meta: Record<string, unknown>;
  }): Promise<OutboundToolResult> {
    const client = await this.connected();
    try {
      const result = await this.callHeaders.run(forwardableHeaders(call.headers), () =>
        client.callTool({ name: call.tool, arguments: call.arguments, _meta: call.meta }, undefined, {
          timeout: this.opts.callTimeoutMs ?? 300_000,
          resetTimeoutOnProgress: true,
        }),
      );
      return {
        content: Array.isArray(result.content) ? result.content : [],
        ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
        ...(result.isError ? { isError: true } : {}),
      };
    } catch (error) {
      if (error instanceof McpError && !transportCodes.has(error.code)) {
        return { content: [{ type: 'text', text: error.message }], isError: true };
      }
      throw this.failed(error);
    }
  }

  async close(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (session) await (await session.catch(() => undefined))?.close();
  }

  private connected(): Promise<Client> {
    if (!this.session) {
      const session = this.open();
      this.session = session;
      session.catch(() => {
        if (this.session === session) this.session = undefined;
      });
    }
    return this.session.catch((error: unknown) => {
      throw new AdapterUnreachable(`The adapter at ${this.url.href} did not answer: ${(error as Error).message}`);
    });
  }

  private async open(): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(this.url, {
      fetch: (input, init) => {
        const extra = this.callHeaders.getStore();
        if (!extra) return fetch(input, init);
        const headers = new Headers(init?.headers);
        for (const [name, value] of Object.entries(extra)) headers.set(name, value);
        return fetch(input, { ...init, headers });
      },
    });
    const client = new Client(
      { name: 'svc-hr-connector', version: this.opts.version ?? '1' },
      this.opts.onToolsChanged
        ? { listChanged: { tools: { autoRefresh: false, onChanged: () => this.opts.onToolsChanged?.() } } }
        : {},
    );
    await client.connect(transport);
    return client;
  }

  /** Drops the session after a transport failure, so the next request opens a new one. */
  private failed(error: unknown): Error {
    const session = this.session;
    this.session = undefined;
    void session?.then((c) => c.close()).catch(() => undefined);
    if (error instanceof AdapterUnreachable) return error;
    return new AdapterUnreachable(`The adapter at ${this.url.href} failed: ${(error as Error).message}`);
  }
}
