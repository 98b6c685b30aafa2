import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { documentKinds } from '../../engines/playbook/playbookViews';

/** What every operation of the Playbook area shares (company-api.md). */
export const playbookOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Playbook',
} as const;

export const IdParam = z.object({ id: z.uuid().describe('the page’s or policy’s id') });
export const Limit = z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50');
export const Cursor = z.uuid().optional().describe('nextCursor of the previous page');
/** A cursor that is a number (a version number, an employee number). */
export const NumberCursor = z.coerce
  .number()
  .int()
  .min(1)
  .max(2_147_483_647)
  .optional()
  .describe('nextCursor of the previous page');
export { NextCursor } from '../organization/organizationSchemas';

export const DocumentKind = z.enum(documentKinds);

/** The fields of a version, as create takes them; editing the draft takes each optionally. */
export const versionFields = {
  title: z.string().trim().min(1).max(200).describe('its title: "Travel policy", "How we work"'),
  body: z.string().max(100_000).describe('its text, markdown, up to 100 000 characters'),
  requiresAcknowledgement: z
    .boolean()
    .describe('policies only: whether publishing this version asks the employees in scope to acknowledge it'),
  departmentIds: z
    .array(z.uuid())
    .max(100)
    .describe('policies only: whose acknowledgement it asks; empty or absent: every employee'),
};

export const PlaybookVersionView = z.object({
  number: z.number().int().describe('1, 2, ... in the order the versions were made'),
  status: z.enum(['draft', 'published']).describe('a draft is edited; a published version never changes'),
  title: z.string(),
  body: z.string().describe('markdown'),
  requiresAcknowledgement: z.boolean(),
  departmentIds: z.array(z.uuid()).describe('whose acknowledgement it asks; empty: every employee'),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable().describe('ISO 8601 UTC; null for a draft'),
});

export const PlaybookDocumentView = z.object({
  id: z.uuid(),
  kind: DocumentKind.describe('page or policy'),
  slug: z.string().describe('unique in the workspace'),
  current: PlaybookVersionView.nullable().describe('the latest published version; null until one is published'),
  draft: PlaybookVersionView.nullable().describe('the open draft (HR_MANAGER, ADMIN, OWNER only; null otherwise)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const PlaybookDocumentSummary = z.object({
  id: z.uuid(),
  kind: DocumentKind,
  slug: z.string(),
  title: z.string().describe('the current version’s title (the draft’s until one is published)'),
  currentVersion: z.number().int().nullable().describe('null until a version is published'),
  publishedAt: z.string().nullable(),
  requiresAcknowledgement: z.boolean().describe('whether the current version asks for acknowledgement'),
  draftVersion: z.number().int().nullable().describe('the open draft’s number (HR only; null otherwise)'),
});

export const PlaybookAcknowledgementView = z.object({
  documentId: z.uuid(),
  slug: z.string(),
  title: z.string(),
  versionNumber: z.number().int().describe('the current version, the one acknowledged or to acknowledge'),
  publishedAt: z.string(),
  employeeId: z.uuid(),
  acknowledgedAt: z.string().nullable().describe('ISO 8601 UTC; null while pending'),
});
