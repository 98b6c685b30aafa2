import { z } from 'zod';
import { listDocuments } from '../../engines/playbook/documents';
import { defineOperation } from '../defineOperation';
import { Cursor, DocumentKind, Limit, NextCursor, PlaybookDocumentSummary, playbookOperation } from './playbookSchemas';

export const listPlaybookDocuments = defineOperation({
  ...playbookOperation,
  name: 'list_playbook_documents',
  method: 'GET',
  path: '/api/playbook/documents',
  access: 'playbook:read',
  summary: 'The handbook’s pages and policies, newest first: the published ones (HR: drafts too)',
  description:
    'Everyone of the workspace reads what is published; HR_MANAGER, ADMIN and OWNER also see documents not ' +
    'published yet and the number of each open draft. `slug` finds one document ("travel-policy").',
  input: {
    query: z.strictObject({
      kind: DocumentKind.optional().describe('only pages, or only policies'),
      slug: z.string().max(100).optional().describe('only the document with this slug'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ documents: z.array(PlaybookDocumentSummary), nextCursor: NextCursor }),
  mcp: { tool: 'list_playbook_documents', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listDocuments(ctx.deps.prisma, ctx.actor, {
      kind: query.kind,
      slug: query.slug,
      limit: query.limit,
      after: query.cursor,
    }),
});
