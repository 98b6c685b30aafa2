import type { PrismaClient } from '../../db/prismaClient';
import { demoPeople } from '../../prisma/seed';
import type { CompanySample } from './companySamples';
import type { DemoKey } from './identity';

let n = 0;
/** A slug no other document of the run has. */
export const freshSlug = (what = 'doc') => `${what}-${process.pid}-${Date.now()}-${++n}`;
const hrOf = async (db: PrismaClient) => db.user.findUniqueOrThrow({ where: { email: demoPeople.hr.email } });

/**
 * A document of Acme, written directly (what the samples act on): a draft only, or published as version 1 (a
 * policy asking every employee to acknowledge it when `asks`). Answers its id.
 */
export async function playbookDocumentOf(
  db: PrismaClient,
  options: { kind?: 'page' | 'policy'; published?: boolean; asks?: boolean } = {},
): Promise<string> {
  const hr = await hrOf(db);
  const doc = await db.playbookDocument.create({
    data: { tenantId: hr.tenantId, kind: options.kind ?? 'policy', slug: freshSlug(), createdByUserId: hr.id },
  });
  await db.playbookVersion.create({
    data: {
      tenantId: hr.tenantId,
      documentId: doc.id,
      number: 1,
      draftOf: options.published ? null : doc.id,
      title: 'Matrix policy',
      body: '# Matrix policy',
      requiresAcknowledgement: options.asks ?? false,
      departmentIds: [],
      createdByUserId: hr.id,
      ...(options.published ? { publishedAt: new Date(), publishedByUserId: hr.id } : {}),
    },
  });
  return doc.id;
}

/**
 * The matrix samples of the Playbook: HR writes, edits and publishes (fresh documents); everyone reads what is
 * published and acknowledges a fresh policy that asks every employee; who has not acknowledged is answered to
 * everyone within their visibility of people.
 */
export function playbookSamples(db: () => PrismaClient): Record<string, (who: DemoKey) => Promise<CompanySample>> {
  const published = async () => playbookDocumentOf(db(), { published: true, asks: true });
  return {
    list_playbook_documents: async () => ({ method: 'GET', url: '/api/playbook/documents' }),
    get_playbook_document: async () => ({ method: 'GET', url: `/api/playbook/documents/${await published()}` }),
    create_playbook_document: async () => ({
      method: 'POST',
      url: '/api/playbook/documents',
      payload: { kind: 'page', slug: freshSlug('matrix'), title: 'Matrix page', body: 'Hello' },
    }),
    edit_playbook_draft: async () => ({
      method: 'PATCH',
      url: `/api/playbook/documents/${await published()}/draft`,
      payload: { body: 'Revised' },
    }),
    publish_playbook_document: async () => ({
      method: 'POST',
      url: `/api/playbook/documents/${await playbookDocumentOf(db(), { kind: 'page' })}/publish`,
    }),
    list_playbook_versions: async () => ({
      method: 'GET',
      url: `/api/playbook/documents/${await published()}/versions`,
    }),
    acknowledge_playbook_policy: async () => ({
      method: 'POST',
      url: `/api/playbook/documents/${await published()}/acknowledge`,
      payload: { versionNumber: 1 },
    }),
    list_playbook_unacknowledged: async () => ({
      method: 'GET',
      url: `/api/playbook/documents/${await published()}/unacknowledged`,
    }),
    list_playbook_acknowledgements: async () => ({ method: 'GET', url: '/api/playbook/acknowledgements' }),
  };
}
