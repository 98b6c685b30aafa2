import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** One tools/call the fixture received, with what came with it. */
export interface RecordedCall {
  tool: string;
  arguments: Record<string, unknown>;
  /** The request's HTTP headers (lower-case names). */
  headers: http.IncomingHttpHeaders;
  /** The JSON-RPC `params._meta`. */
  meta: Record<string, unknown> | undefined;
  idempotencyKey: string | undefined;
  /** True when the fixture answered this attempt with a failure (see failNextCall). */
  failed: boolean;
}

export interface McpFixtureServer {
  url: string;
  /** Every tools/call received, in order (also those it failed on purpose). */
  calls: RecordedCall[];
  /** Every JSON-RPC request received (initialize, tools/list, tools/call...), with its headers. */
  requests: Array<{ method: string; headers: http.IncomingHttpHeaders }>;
  /**
   * The next `times` tools/calls of `tool` (default 1) are received and recorded, then answered with HTTP 500 (a
   * transport failure).
   */
  failNextCall(tool: string, times?: number): void;
  close(): Promise<void>;
}

/**
 * A small MCP server of ours (the SDK's McpServer over streamable HTTP, stateless) that records every request's
 * headers, `_meta` and idempotency key, so tests can see exactly what svc-hr sent, and can be told to fail an attempt
 * after receiving it. Tools: `echo` ({ message }) and `fail` (answers a tool error, isError).
 */
export async function startMcpFixtureServer(): Promise<McpFixtureServer> {
  const calls: RecordedCall[] = [];
  const requests: McpFixtureServer['requests'] = [];
  const failing = new Map<string, number>();

  const mcpServer = () => {
    const server = new McpServer({ name: 'svc-hr-fixture', version: '1.0.0' });
    server.registerTool(
      'echo',
      { description: 'Echoes back the message', inputSchema: { message: z.string().describe('what to echo') } },
      async ({ message }) => ({
        content: [{ type: 'text', text: `Echo: ${message}` }],
        structuredContent: { echoed: message },
      }),
    );
    server.registerTool('fail', { description: 'Always answers a tool error', inputSchema: {} }, async () => ({
      content: [{ type: 'text', text: 'the fixture refused' }],
      isError: true,
    }));
    return server;
  };

  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let body: unknown;
        try {
          body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
        } catch {
          body = undefined;
        }
        const messages = (Array.isArray(body) ? body : [body]) as Array<{
          method?: string;
          params?: { name?: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> };
        }>;
        let fail = false;
        for (const m of messages) {
          if (!m?.method) continue;
          requests.push({ method: m.method, headers: req.headers });
          if (m.method !== 'tools/call') continue;
          const tool = m.params?.name ?? '';
          const left = failing.get(tool) ?? 0;
          fail = left > 0;
          if (left > 1) failing.set(tool, left - 1);
          else failing.delete(tool);
          calls.push({
            tool,
            arguments: m.params?.arguments ?? {},
            headers: req.headers,
            meta: m.params?._meta,
            idempotencyKey: req.headers['idempotency-key'] as string | undefined,
            failed: fail,
          });
        }
        if (fail) {
          res.writeHead(500, { 'content-type': 'text/plain' }).end('the fixture fails this attempt on purpose');
          return;
        }
        if (req.method !== 'POST') {
          res.writeHead(405).end();
          return;
        }
        const server = mcpServer();
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        res.on('close', () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        await transport.handleRequest(req, res, body);
      })().catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    requests,
    failNextCall: (tool, times = 1) => failing.set(tool, times),
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
