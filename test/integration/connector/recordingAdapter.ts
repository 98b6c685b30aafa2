import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** One tools/call as the adapter received it. */
export interface RecordedCall {
  tool: string;
  arguments: Record<string, unknown>;
  headers: Record<string, string>;
  meta: Record<string, unknown> | undefined;
  idempotencyKey: string | undefined;
}

/**
 * A small streamable-HTTP MCP server standing for a customer's adapter behind the connector. It records every
 * tools/call (headers, `_meta`, idempotency key) and protects itself with the Idempotency-Key as a careful adapter
 * does: a key it has seen is not executed again, the first execution's result is answered. `hold` makes its
 * `write_record` tool wait until released, so a test can kill the connector while a call is on the adapter.
 */
export interface RecordingAdapter {
  url: string;
  calls: RecordedCall[];
  /** How many times each idempotency key was executed (not merely received). */
  executions: Map<string, number>;
  /** Adds (or removes) a tool `audit_note`, as an adapter whose tools change does. */
  setExtraTool(on: boolean): void;
  /** Makes the next write_record calls wait until release(). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export async function startRecordingAdapter(): Promise<RecordingAdapter> {
  const calls: RecordedCall[] = [];
  const executions = new Map<string, number>();
  const results = new Map<string, Promise<CallToolResult>>();
  let gate: { promise: Promise<void>; open(): void } | undefined;
  let extraTool = false;

  const record = (
    tool: string,
    args: Record<string, unknown>,
    extra: { requestInfo?: { headers: Record<string, unknown> }; _meta?: Record<string, unknown> },
  ) => {
    const headers = Object.fromEntries(
      Object.entries(extra.requestInfo?.headers ?? {})
        .filter(([name]) => name.startsWith('x-svc-hr-') || name === 'idempotency-key')
        .map(([name, value]) => [name, String(value)]),
    );
    const call: RecordedCall = {
      tool,
      arguments: args,
      headers,
      meta: extra._meta,
      idempotencyKey: headers['idempotency-key'],
    };
    calls.push(call);
    return call;
  };

  const serverFor = () => {
    const server = new McpServer({ name: 'recording-adapter', version: '1.0.0' });
    server.registerTool(
      'echo',
      { description: 'Echoes a message', inputSchema: { message: z.string() } },
      async ({ message }, extra) => {
        record('echo', { message }, extra);
        return { content: [{ type: 'text', text: `Echo: ${message}` }] };
      },
    );
    server.registerTool(
      'write_record',
      {
        description: 'Writes a record (a side effect the adapter runs once per idempotency key)',
        inputSchema: { value: z.string() },
      },
      async ({ value }, extra) => {
        const call = record('write_record', { value }, extra);
        const key = call.idempotencyKey ?? `no-key-${calls.length}`;
        let result = results.get(key);
        if (!result) {
          const waitFor = gate?.promise;
          result = (async (): Promise<CallToolResult> => {
            executions.set(key, (executions.get(key) ?? 0) + 1);
            await waitFor;
            return { content: [{ type: 'text', text: `wrote ${value}` }], structuredContent: { value, key } };
          })();
          results.set(key, result);
        }
        return result;
      },
    );
    if (extraTool) {
      server.registerTool(
        'audit_note',
        { description: 'Notes something', inputSchema: { note: z.string() } },
        async () => ({
          content: [{ type: 'text', text: 'noted' }],
        }),
      );
    }
    server.registerTool(
      'fail',
      { description: 'Always answers a tool error', inputSchema: {} },
      async (_args, extra) => {
        record('fail', {}, extra);
        return { content: [{ type: 'text', text: 'the record system said no' }], isError: true };
      },
    );
    return server;
  };

  const http: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      // Stateless: a server and transport per request, as a horizontally scaled adapter would run.
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      const server = serverFor();
      res.on('close', () => void transport.close().then(() => server.close()));
      void server
        .connect(transport)
        .then(() => transport.handleRequest(req, res, body ? JSON.parse(body) : undefined))
        .catch(() => {
          if (!res.headersSent) res.writeHead(500).end();
        });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    executions,
    setExtraTool(on) {
      extraTool = on;
    },
    hold() {
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    },
    release() {
      gate?.open();
      gate = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
