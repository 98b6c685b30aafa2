import { z } from 'zod';
import { createRequest } from '../../engines/eSignatures/requests';
import { defineOperation } from '../defineOperation';
import { SignatureRequestView, Title, eSignaturesOperation } from './eSignatureSchemas';
import { signatureTiming, watchRequest } from './signatureHooks';

export const createSignatureRequest = defineOperation({
  ...eSignaturesOperation,
  name: 'create_signature_request',
  method: 'POST',
  path: '/api/e-signatures/requests',
  access: 'e-signatures:write',
  summary: 'Ask people to sign a document, in order, before an expiry (HR)',
  description:
    'HR_MANAGER, ADMIN and OWNER only. Signers are employees of the workspace with a user account, 1 to 20, each ' +
    'once, signing in the order given; the first is told at once, and reminded every 2 days of their turn. The ' +
    'request records the document’s SHA-256 now: every signature binds it. It expires after `expiresInDays`.',
  input: {
    body: z.strictObject({
      documentId: z.uuid().describe('the document to sign (upload_signature_document)'),
      title: Title.describe('what is asked: "Please sign your employment contract"'),
      message: z.string().trim().max(2000).optional().describe('a note to the signers'),
      signerEmployeeIds: z
        .array(z.uuid())
        .min(1)
        .max(20)
        .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, 'must not name a person twice')
        .describe('the signers’ employee ids, in signing order: 1 to 20, each once'),
      expiresInDays: z.number().int().min(1).max(90).describe('days until the request expires, 1 to 90'),
    }),
  },
  output: z.object({ request: SignatureRequestView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_signature_request', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => {
    const request = await createRequest(ctx.deps.prisma, ctx.actor, body, signatureTiming(ctx));
    await watchRequest(ctx, { tenantId: ctx.actor.tenant.id, requestId: request.id });
    return { request };
  },
});
