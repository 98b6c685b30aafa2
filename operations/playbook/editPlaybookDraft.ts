import { z } from 'zod';
import { editDraft } from '../../engines/playbook/documents';
import { defineOperation } from '../defineOperation';
import { IdParam, PlaybookDocumentView, playbookOperation, versionFields } from './playbookSchemas';

export const editPlaybookDraft = defineOperation({
  ...playbookOperation,
  name: 'edit_playbook_draft',
  method: 'PATCH',
  path: '/api/playbook/documents/{id}/draft',
  access: 'playbook:write',
  summary: 'Edit the draft of a page or policy (HR); with none open, a new draft copies the current version',
  description:
    'HR_MANAGER, ADMIN and OWNER only. A published version never changes: editing a published document opens ' +
    'version N+1 as a draft, a copy of the current one with these changes, until it is published.',
  input: {
    params: IdParam,
    body: z.strictObject({
      title: versionFields.title.optional(),
      body: versionFields.body.optional(),
      requiresAcknowledgement: versionFields.requiresAcknowledgement.optional(),
      departmentIds: versionFields.departmentIds.optional(),
    }),
  },
  output: z.object({ document: PlaybookDocumentView }),
  idempotent: true,
  mcp: { tool: 'edit_playbook_draft', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    document: await editDraft(ctx.deps.prisma, ctx.actor, params.id, body),
  }),
});
