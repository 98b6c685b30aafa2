import { z } from 'zod';
import { updateServer } from '../../engines/outbound/servers';
import { defineOperation } from '../defineOperation';
import { auditServerBody, BearerToken, McpServerView, ServerHeaders, settingsDeps } from './mcpServerSchemas';

export const updateMcpServer = defineOperation({
  name: 'update_mcp_server',
  method: 'PATCH',
  path: '/api/v1/admin/mcp-servers/{id}',
  access: 'any',
  credentials: ['personal_access_token'],
  tag: 'Connection settings',
  summary: 'Change an MCP server: its URL, headers, bearer secret, or disable it (ADMIN or OWNER)',
  description:
    '`enabled: false` takes its tools out of the agent catalogue at the next step. A new URL or new headers drop ' +
    'the tools it listed, and actions approved for it before the change no longer run.',
  input: {
    params: z.object({ id: z.uuid().describe('the server id') }),
    body: z.strictObject({
      url: z.string().max(2048).optional().describe('a new MCP endpoint (same rules as when adding it)'),
      headers: ServerHeaders.nullable().optional().describe('replaces every stored header; null removes them'),
      bearerToken: BearerToken.nullable().optional().describe('replaces the bearer secret; null removes it'),
      enabled: z.boolean().optional().describe('false disables the server: its tools leave the catalogue'),
    }),
  },
  output: z.object({ server: McpServerView }),
  auditBody: auditServerBody,
  handler: async (ctx, { params, body }) => ({
    server: await updateServer(settingsDeps(ctx), ctx.actor, params.id, body),
  }),
});
