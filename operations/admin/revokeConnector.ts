import { z } from 'zod';
import { connectorViewOf } from '../../engines/connectors/connectorView';
import { revokeConnector as revoke } from '../../engines/connectors/registry';
import { defineOperation } from '../defineOperation';
import { ConnectorView, staleAfterMs } from './connectorSchemas';

export const revokeConnector = defineOperation({
  name: 'revoke_connector',
  method: 'DELETE',
  path: '/api/v1/admin/connectors/{id}',
  access: 'any',
  credentials: ['personal_access_token'],
  tag: 'Admin',
  summary: 'Revoke a connector (ADMIN or OWNER): its pairing token stops working and its socket is closed',
  input: { params: z.object({ id: z.uuid().describe('the connector id') }) },
  output: z.object({ connector: ConnectorView }),
  handler: async (ctx, { params }) => {
    const connector = await revoke(ctx.deps.prisma, ctx.actor, params.id);
    // The socket may be held by this replica: close it now rather than at its next heartbeat.
    ctx.deps.connectorHub?.disconnect(connector.id, 'revoked');
    return { connector: connectorViewOf(connector, staleAfterMs(ctx.deps.config.connectorHub.heartbeatSeconds)) };
  },
});
