import { z } from 'zod';
import { blobStoreFor } from '../../engines/blobs/blobStores';
import { signRequest } from '../../engines/eSignatures/signing';
import { defineOperation } from '../defineOperation';
import { IdParam, Sha256, SignatureRequestView, eSignaturesOperation } from './eSignatureSchemas';
import { notifyRequest, signatureTiming } from './signatureHooks';

export const signSignatureRequest = defineOperation({
  ...eSignaturesOperation,
  name: 'sign_signature_request',
  method: 'POST',
  path: '/api/e-signatures/requests/{id}/sign',
  access: 'e-signatures:write',
  summary: 'Sign a request when it is your turn, binding the document SHA-256 you read',
  description:
    'Only the signer whose turn it is signs (409 for a signer whose turn has not come, 403 for someone who is no ' +
    'signer). `documentSha256` is the hash of the document you read (its `sha256`, or the ETag of its download): ' +
    'it must be the one the request was made for, and the document’s now, else 409 and nothing is signed. The hash ' +
    'is kept in the signature and in the audit record of this call. The last signature completes the request and ' +
    'makes its signed PDF; the next signer is told. A request completed, declined or expired answers 409.',
  input: {
    params: IdParam,
    body: z.strictObject({ documentSha256: Sha256.describe('the SHA-256 of the document you read and sign') }),
  },
  output: z.object({ request: SignatureRequestView }),
  idempotent: true,
  mcp: { tool: 'sign_signature_request', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => {
    const request = await signRequest(ctx.deps.prisma, ctx.actor, params.id, body, {
      ...signatureTiming(ctx),
      blobs: blobStoreFor(ctx.deps.config),
    });
    await notifyRequest(ctx, { tenantId: ctx.actor.tenant.id, requestId: params.id });
    return { request };
  },
});
