import { z } from 'zod';
import { declineRequest } from '../../engines/eSignatures/signing';
import { defineOperation } from '../defineOperation';
import { IdParam, SignatureRequestView, eSignaturesOperation } from './eSignatureSchemas';
import { notifyRequest, signatureTiming } from './signatureHooks';

export const declineSignatureRequest = defineOperation({
  ...eSignaturesOperation,
  name: 'decline_signature_request',
  method: 'POST',
  path: '/api/e-signatures/requests/{id}/decline',
  access: 'e-signatures:write',
  summary: 'Decline to sign when it is your turn, saying why: the request ends, declined',
  description:
    'Only the signer whose turn it is declines (409 otherwise; 403 for someone who is no signer). The requester ' +
    'is told. A request completed, declined or expired answers 409.',
  input: {
    params: IdParam,
    body: z.strictObject({
      reason: z.string().trim().min(1).max(2000).describe('why you do not sign, for the requester'),
    }),
  },
  output: z.object({ request: SignatureRequestView }),
  idempotent: true,
  mcp: { tool: 'decline_signature_request', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params, body }) => {
    const request = await declineRequest(ctx.deps.prisma, ctx.actor, params.id, body, signatureTiming(ctx));
    await notifyRequest(ctx, { tenantId: ctx.actor.tenant.id, requestId: params.id });
    return { request };
  },
});
