import { z } from 'zod';
import { findVisibleDocument, toDocumentView } from '../../engines/eSignatures/documents';
import { defineOperation } from '../defineOperation';
import { SignatureDocumentView, IdParam, eSignaturesOperation } from './eSignatureSchemas';

export const getSignatureDocument = defineOperation({
  ...eSignaturesOperation,
  name: 'get_signature_document',
  method: 'GET',
  path: '/api/e-signatures/documents/{id}',
  access: 'e-signatures:read',
  summary: 'A document to sign, with its SHA-256: HR any; its requests’ requesters and signers (404 otherwise)',
  description:
    'Use it to read a document sent for signature: its title, file name, type and size, and its SHA-256, the hash a signer confirms when signing.',
  input: { params: IdParam },
  output: z.object({ document: SignatureDocumentView }),
  mcp: { tool: 'get_signature_document', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    document: toDocumentView(await findVisibleDocument(ctx.deps.prisma, ctx.actor, params.id)),
  }),
});
