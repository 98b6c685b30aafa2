import { z } from 'zod';
import { publishDocument } from '../../engines/playbook/documents';
import { defineOperation } from '../defineOperation';
import { IdParam, PlaybookDocumentView, playbookOperation } from './playbookSchemas';

export const publishPlaybookDocument = defineOperation({
  ...playbookOperation,
  name: 'publish_playbook_document',
  method: 'POST',
  path: '/api/playbook/documents/{id}/publish',
  access: 'playbook:write',
  summary: 'Publish the draft of a page or policy (HR): it becomes the current version; a policy asks again',
  description:
    'HR_MANAGER, ADMIN and OWNER only. 409 when there is no draft. A policy version that asks for acknowledgement ' +
    'asks every employee in its scope (each is notified once); `acknowledgementRequests` says how many.',
  input: { params: IdParam },
  output: z.object({
    document: PlaybookDocumentView,
    acknowledgementRequests: z.number().int().describe('how many employees this version asks to acknowledge it'),
  }),
  idempotent: true,
  mcp: { tool: 'publish_playbook_document', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => publishDocument(ctx.deps.prisma, ctx.actor, params.id, ctx.deps.config.clock),
});
