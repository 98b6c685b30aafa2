import { z } from 'zod';
import { AppError } from '../../engines/appError';
import { authenticateConnector } from '../../engines/connectors/pairing';
import { defineOperation, type SocketAnswer } from '../defineOperation';

export const openConnectorSocket = defineOperation({
  name: 'open_connector_socket',
  method: 'GET',
  path: '/api/v1/connectors/socket',
  // Public to the registry pipeline: a pairing token is not a person's credential; the handler checks it.
  access: 'public',
  tag: 'Admin',
  summary: 'The outbound connector dials in here: a WebSocket upgrade with its pairing token as Bearer',
  description:
    'Only `svc-hr connector` uses this. The request upgrades to a WebSocket (101) after the pairing token is ' +
    'checked (401 when missing, malformed, unknown or revoked); the messages are described in docs/outbound.md.',
  input: {
    headers: z.object({
      authorization: z.string().optional().describe('Bearer <connector pairing token (hrc_…)>'),
    }),
  },
  output: z.looseObject({}).describe('no body: the connection switches to the WebSocket protocol'),
  response: 'websocket',
  handler: async (ctx, { headers }): Promise<SocketAnswer> => {
    const hub = ctx.deps.connectorHub;
    if (!hub) throw new AppError('unavailable', 'This API process runs no connector hub');
    const match = /^bearer\s+(\S+)$/i.exec(headers?.authorization?.trim() ?? '');
    const connector = await authenticateConnector(ctx.deps.prisma, match?.[1]);
    return {
      accept: (socket) =>
        hub.accept(
          { id: connector.id, tenantId: connector.tenantId, name: connector.name, address: ctx.clientAddress },
          socket,
        ),
    };
  },
});
