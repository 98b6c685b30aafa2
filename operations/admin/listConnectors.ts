import { z } from 'zod';
import { connectorViewOf } from '../../engines/connectors/connectorView';
import { listConnectors as list } from '../../engines/connectors/registry';
import { defineOperation } from '../defineOperation';
import { ConnectorView, staleAfterMs } from './connectorSchemas';

export const listConnectors = defineOperation({
  name: 'list_connectors',
  method: 'GET',
  path: '/api/v1/admin/connectors',
  access: 'any',
  credentials: ['personal_access_token'],
  tag: 'Admin',
  summary: "List the workspace's outbound connectors with their state and published tools (ADMIN or OWNER)",
  input: {},
  output: z.object({ connectors: z.array(ConnectorView) }),
  handler: async (ctx) => {
    const stale = staleAfterMs(ctx.deps.config.connectorHub.heartbeatSeconds);
    const now = new Date();
    return { connectors: (await list(ctx.deps.prisma, ctx.actor)).map((c) => connectorViewOf(c, stale, now)) };
  },
});
