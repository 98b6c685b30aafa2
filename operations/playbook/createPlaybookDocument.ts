import { z } from 'zod';
import { createDocument } from '../../engines/playbook/documents';
import { defineOperation } from '../defineOperation';
import { DocumentKind, PlaybookDocumentView, playbookOperation, versionFields } from './playbookSchemas';

export const createPlaybookDocument = defineOperation({
  ...playbookOperation,
  name: 'create_playbook_document',
  method: 'POST',
  path: '/api/playbook/documents',
  access: 'playbook:write',
  summary: 'Write a handbook page or policy (HR): its first version, a draft to publish',
  description:
    'HR_MANAGER, ADMIN and OWNER only. The slug is unique in the workspace (409 when taken). Only a policy asks ' +
    'for acknowledgement, of every employee or of the `departmentIds` given.',
  input: {
    body: z.strictObject({
      kind: DocumentKind.describe('page or policy'),
      slug: z
        .string()
        .max(100)
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters and digits joined by single hyphens')
        .describe('its name in the workspace: "travel-policy"; lower-case letters, digits and hyphens'),
      title: versionFields.title,
      body: versionFields.body,
      requiresAcknowledgement: versionFields.requiresAcknowledgement.optional(),
      departmentIds: versionFields.departmentIds.optional(),
    }),
  },
  output: z.object({ document: PlaybookDocumentView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_playbook_document', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ document: await createDocument(ctx.deps.prisma, ctx.actor, body) }),
});
