import { z } from 'zod';
import { createServer } from '../../engines/outbound/servers';
import { defineOperation } from '../defineOperation';
import {
  auditServerBody,
  BearerToken,
  McpServerView,
  ServerHeaders,
  ServerName,
  settingsDeps,
} from './mcpServerSchemas';

export const createMcpServer = defineOperation({
  name: 'create_mcp_server',
  method: 'POST',
  path: '/api/v1/admin/mcp-servers',
  access: 'any',
  credentials: ['personal_access_token'],
  tag: 'Connection settings',
  summary: 'Allow-list an MCP server: its tools join the agent catalogue, each call waiting for approval',
  description:
    'ADMIN or OWNER only. Give `url` (https; http and private addresses only when the operator allows private ' +
    'networks) with optional `headers` or `bearerToken`, or `connectorId` (a paired connector). Secrets are stored ' +
    'encrypted and never returned.',
  input: {
    body: z.strictObject({
      name: ServerName,
      url: z
        .string()
        .max(2048)
        .optional()
        .describe('the MCP endpoint (streamable HTTP), e.g. https://mcp.example.com/mcp'),
      connectorId: z.uuid().optional().describe('a connector of this workspace to reach the server through'),
      headers: ServerHeaders.optional(),
      bearerToken: BearerToken.optional(),
      enabled: z.boolean().optional().describe('offer its tools to the agent; default true'),
    }),
  },
  output: z.object({ server: McpServerView }),
  successStatus: 201,
  auditBody: auditServerBody,
  handler: async (ctx, { body }) => ({ server: await createServer(settingsDeps(ctx), ctx.actor, body) }),
});
