import { z } from 'zod';
import { listRequests } from '../../engines/eSignatures/requests';
import { defineOperation } from '../defineOperation';
import {
  Cursor,
  Limit,
  NextCursor,
  RequestStatus,
  SignatureRequestView,
  eSignaturesOperation,
} from './eSignatureSchemas';

export const listSignatureRequests = defineOperation({
  ...eSignaturesOperation,
  name: 'list_signature_requests',
  method: 'GET',
  path: '/api/e-signatures/requests',
  access: 'e-signatures:read',
  summary: 'The signature requests you made or are a signer of, newest first; `toSign=me`: those waiting for you',
  description:
    "Use it for 'what do I need to sign' (toSign=me) or to follow the requests you sent: each request's document and its hash, the signers in order with their state, status and expiry.",
  input: {
    query: z.strictObject({
      status: RequestStatus.optional().describe('only requests recorded in this status'),
      toSign: z.literal('me').optional().describe('me: only the requests where it is your turn to sign'),
      documentId: z.uuid().optional().describe('only the requests of this document'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ requests: z.array(SignatureRequestView), nextCursor: NextCursor }),
  mcp: { tool: 'list_signature_requests', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listRequests(
      ctx.deps.prisma,
      ctx.actor,
      {
        status: query.status,
        toSign: query.toSign === 'me',
        documentId: query.documentId,
        limit: query.limit,
        after: query.cursor,
      },
      ctx.deps.config.clock,
    ),
});
