import { z } from 'zod';
import { getDocument } from '../../engines/playbook/documents';
import { defineOperation } from '../defineOperation';
import { IdParam, PlaybookDocumentView, playbookOperation } from './playbookSchemas';

export const getPlaybookDocument = defineOperation({
  ...playbookOperation,
  name: 'get_playbook_document',
  method: 'GET',
  path: '/api/playbook/documents/{id}',
  access: 'playbook:read',
  summary: 'A page or policy with its current version (HR: and its draft); 404 for a draft-only one to others',
  description:
    'Use it to read a handbook page or policy: its kind and current published version (title, text, whether it must be acknowledged, the departments in scope).',
  input: { params: IdParam },
  output: z.object({ document: PlaybookDocumentView }),
  mcp: { tool: 'get_playbook_document', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ document: await getDocument(ctx.deps.prisma, ctx.actor, params.id) }),
});
