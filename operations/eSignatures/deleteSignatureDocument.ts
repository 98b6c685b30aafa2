import { deleteDocument } from '../../engines/eSignatures/documents';
import { defineOperation } from '../defineOperation';
import { Deleted } from '../organization/organizationSchemas';
import { IdParam, eSignaturesOperation } from './eSignatureSchemas';

export const deleteSignatureDocument = defineOperation({
  ...eSignaturesOperation,
  name: 'delete_signature_document',
  method: 'DELETE',
  path: '/api/e-signatures/documents/{id}',
  access: 'e-signatures:write',
  summary: 'Delete a document never signed (HR); a signed document, or one awaiting signatures, answers 409',
  description:
    'HR_MANAGER, ADMIN and OWNER only. Its ended requests without a signature go with it. A signed document ' +
    'cannot change (409 naming the state), nor one a pending request asks to sign (409: the request ends first).',
  input: { params: IdParam },
  output: Deleted,
  idempotent: true,
  mcp: { tool: 'delete_signature_document', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => {
    await deleteDocument(ctx.deps.prisma, ctx.actor, params.id);
    return { id: params.id };
  },
});
