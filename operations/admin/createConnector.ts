import { z } from 'zod';
import { connectorViewOf } from '../../engines/connectors/connectorView';
import { createConnector as create } from '../../engines/connectors/registry';
import { defineOperation } from '../defineOperation';
import { ConnectorView, staleAfterMs } from './connectorSchemas';

export const createConnector = defineOperation({
  name: 'create_connector',
  method: 'POST',
  path: '/api/v1/admin/connectors',
  access: 'any',
  credentials: ['personal_access_token'],
  tag: 'Admin',
  summary: 'Add an outbound connector (ADMIN or OWNER); its pairing token is shown once',
  description:
    'Run `svc-hr connector --base-url <this service> --pairing-token <token> --adapter-url <local MCP adapter>` in ' +
    'your network: it dials out to the service, so it needs no inbound port. Only the SHA-256 of the token is kept.',
  input: {
    body: z.strictObject({
      name: z.string().trim().min(1).max(100).describe('a name to recognise the connector by, unique in the workspace'),
    }),
  },
  output: z.object({
    connector: ConnectorView,
    pairingToken: z.string().describe('the pairing token (hrc_…): shown this once, stored only as a hash'),
  }),
  successStatus: 201,
  handler: async (ctx, { body }) => {
    const { connector, pairingToken } = await create(ctx.deps.prisma, ctx.actor, body);
    const stale = staleAfterMs(ctx.deps.config.connectorHub.heartbeatSeconds);
    return { connector: connectorViewOf(connector, stale), pairingToken };
  },
});
