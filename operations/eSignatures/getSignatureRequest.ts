import { z } from 'zod';
import { getRequest } from '../../engines/eSignatures/requests';
import { defineOperation } from '../defineOperation';
import { IdParam, SignatureRequestView, eSignaturesOperation } from './eSignatureSchemas';

export const getSignatureRequest = defineOperation({
  ...eSignaturesOperation,
  name: 'get_signature_request',
  method: 'GET',
  path: '/api/e-signatures/requests/{id}',
  access: 'e-signatures:read',
  summary: 'One signature request with its signers and the hashes they signed: its requester and signers only',
  description: 'Anyone else, HR included, gets 404.',
  input: { params: IdParam },
  output: z.object({ request: SignatureRequestView }),
  mcp: { tool: 'get_signature_request', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    request: await getRequest(ctx.deps.prisma, ctx.actor, params.id, ctx.deps.config.clock),
  }),
});
