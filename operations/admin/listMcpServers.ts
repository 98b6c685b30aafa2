import { z } from 'zod';
import { listServers } from '../../engines/outbound/servers';
import { defineOperation } from '../defineOperation';
import { McpServerView } from './mcpServerSchemas';

export const listMcpServers = defineOperation({
  name: 'list_mcp_servers',
  method: 'GET',
  path: '/api/v1/admin/mcp-servers',
  access: 'any',
  credentials: ['personal_access_token'],
  tag: 'Connection settings',
  summary: 'List the allow-listed MCP servers of the workspace (ADMIN or OWNER)',
  input: {},
  output: z.object({ servers: z.array(McpServerView) }),
  handler: async (ctx) => ({ servers: await listServers(ctx.deps.prisma, ctx.actor) }),
});
