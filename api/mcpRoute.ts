import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { presentedSecret } from './auth';
import type { AppDeps } from '../operations/context';
import { spendMcpMessages } from './rateLimit';
import type { Operation } from '../operations/defineOperation';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../engines/appError';
import { authenticate } from '../engines/tokens/authenticate';
import { exchange, isRequest, readPost } from '../mcp/inbound/httpExchange';
import { isOriginAllowed } from '../mcp/inbound/originPolicy';
import { supportedProtocolVersions } from '../mcp/inbound/protocol';
import { createMcpServer } from '../mcp/inbound/server';
import { deriveTools } from '../operations/tools';

export const mcpPath = '/api/mcp';
export const protectedResourceMetadataPath = `/.well-known/oauth-protected-resource${mcpPath}`;

/** A JSON-RPC error answered over HTTP, for failures before the MCP server sees the message. */
function jsonRpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).type('application/json').send({ jsonrpc: '2.0', id: null, error: { code, message } });
}

/** What a POST's messages cost the rate limit: its tool calls are requests, the rest is the protocol's own. */
function costOf(messages: readonly JSONRPCMessage[]): { calls: number; protocol: number } {
  const calls = messages.filter((m) => isRequest(m) && m.method === 'tools/call').length;
  return { calls, protocol: messages.length - calls };
}

/**
 * The inbound MCP endpoint (interface.md, "Inbound MCP"): streamable HTTP, stateless, POST only. This is the
 * transport; the tools on it are derived from the registry (operations/tools.ts), so no tool is written here.
 *
 * Only personal access tokens are accepted: no or bad token answers 401 with `WWW-Authenticate` pointing at
 * the protected-resource metadata (RFC 9728). Tool calls are counted by the same rate limit as REST, one request
 * per call (a batch of N calls spends N); the protocol's own messages (initialize, notifications, ping, tools/list)
 * and the GET or DELETE a client probes the transport with spend a larger budget of their own
 * (api/rateLimit.ts spendMcpMessages), so a client's handshake around each call does not use up its calls.
 */
export function registerMcpEndpoint(
  app: FastifyInstance,
  deps: AppDeps,
  operations: readonly Operation[],
  openapi: Record<string, unknown>,
): void {
  const tools = deriveTools(operations);
  const resourceMetadata = `${deps.config.publicBaseUrl}${protectedResourceMetadataPath}`;
  const allowedOrigins = new Set(deps.config.mcpAllowedOrigins);

  app.route({
    method: 'POST',
    url: mcpPath,
    config: { operation: 'mcp', errorStyle: 'jsonrpc', rateLimitStyle: 'messages' },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = request.headers.origin;
      if (!isOriginAllowed(origin, request.headers.host, allowedOrigins)) {
        return jsonRpcError(reply, 403, -32000, `Origin ${origin} is not allowed`);
      }
      const version = request.headers['mcp-protocol-version'];
      if (version !== undefined && !(supportedProtocolVersions as readonly string[]).includes(String(version))) {
        return jsonRpcError(
          reply,
          400,
          -32000,
          `Unsupported MCP-Protocol-Version ${String(version)}; supported: ${supportedProtocolVersions.join(', ')}`,
        );
      }
      let actor;
      try {
        actor = await authenticate(deps.prisma, presentedSecret(request));
        if (actor.credential.kind !== 'personal_access_token') {
          throw new AppError('unauthorized', 'The MCP endpoint accepts only a personal access token');
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        reply.header('WWW-Authenticate', `Bearer resource_metadata="${resourceMetadata}"`);
        return reply.code(401).send(err.toBody());
      }

      const read = readPost(request.headers.accept, request.body);
      // A POST refused unread costs a request; a batch of calls is refused whole when it does not fit.
      await spendMcpMessages(request, reply, 'refused' in read ? { calls: 1, protocol: 0 } : costOf(read.messages));
      const answer =
        'refused' in read
          ? read.refused
          : await exchange(
              createMcpServer({
                deps,
                openapi,
                tools,
                actor,
                requestId: request.id,
                log: request.log,
                clientAddress: request.ip,
                tenantId: request.headers['x-tenant-id'],
              }),
              read,
              { requestInfo: { headers: request.headers } },
            );
      reply.code(answer.status);
      return answer.body === undefined ? reply.send() : reply.type('application/json').send(answer.body);
    },
  });

  for (const method of ['GET', 'DELETE', 'PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: mcpPath,
      config: { rateLimitStyle: 'protocol' },
      handler: async (_request, reply) => {
        const err = new AppError(
          'method_not_allowed',
          `${method} is not allowed on ${mcpPath}: the server accepts POST only`,
        );
        return reply.code(405).header('Allow', 'POST').send(err.toBody());
      },
    });
  }
}
