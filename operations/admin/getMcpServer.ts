import { z } from 'zod';
import { getServer } from '../../engines/outbound/servers';
import { defineOperation } from '../defineOperation';
import { McpServerView } from './mcpServerSchemas';

export const getMcpServer = defineOperation({
  name: 'get_mcp_server',
  method: 'GET',
  path: '/api/v1/admin/mcp-servers/{id}',
  access: 'any',
  credentials: ['personal_access_token'],
  tag: 'Connection settings',
  summary: 'One allow-listed MCP server, with the tools it listed (ADMIN or OWNER)',
  input: { params: z.object({ id: z.uuid().describe('the server id') }) },
  output: z.object({ server: McpServerView }),
  handler: async (ctx, { params }) => ({ server: await getServer(ctx.deps.prisma, ctx.actor, params.id) }),
});
