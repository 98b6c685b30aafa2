import { z } from 'zod';
import { deleteServer } from '../../engines/outbound/servers';
import { defineOperation } from '../defineOperation';
import { McpServerView } from './mcpServerSchemas';

export const deleteMcpServer = defineOperation({
  name: 'delete_mcp_server',
  method: 'DELETE',
  path: '/api/v1/admin/mcp-servers/{id}',
  access: 'any',
  credentials: ['personal_access_token'],
  tag: 'Connection settings',
  summary: 'Remove an MCP server from the allow-list (ADMIN or OWNER)',
  input: { params: z.object({ id: z.uuid().describe('the server id') }) },
  output: z.object({ server: McpServerView }),
  handler: async (ctx, { params }) => ({ server: await deleteServer(ctx.deps.prisma, ctx.actor, params.id) }),
});
