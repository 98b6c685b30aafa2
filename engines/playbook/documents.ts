import type { PlaybookVersion, Prisma } from '../../db/models';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { mayReadPlaybookDrafts, requirePlaybookEditor } from '../access/playbookAccess';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { emitPlaybookWebhookEvent } from '../webhooks/emitters';
import { inScopeFilter } from './acknowledgementScope';
import { notifyAcknowledgementRequested } from './playbookNotifications';
import {
  currentOf,
  documentSummaryOf,
  documentViewOf,
  draftOf,
  versionViewOf,
  type DocumentKind,
  type DocumentSummary,
  type DocumentView,
  type VersionView,
} from './playbookViews';

/**
 * Pages and policies of the handbook (company-api.md, Playbook). A document's text lives in numbered versions: a
 * draft is edited, then published, and a published version never changes again; editing a published document opens
 * a new draft, a copy of its current version. The current version is the latest published one. Every change runs
 * under the document's row lock, and `draft_of` is unique in the database, so a document has one draft at a time.
 */

export interface DraftFields {
  title?: string | undefined;
  body?: string | undefined;
  requiresAcknowledgement?: boolean | undefined;
  departmentIds?: string[] | undefined;
}

/** Locks the document's row to the end of the transaction and answers it; 404 when the workspace has none. */
async function lockDocument(tx: Db, tenantId: string, id: string): Promise<{ kind: DocumentKind }> {
  const rows = await tx.$queryRaw<Array<{ kind: DocumentKind }>>`
    SELECT kind::text AS kind FROM playbook_documents
    WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw new AppError('not_found', `No playbook document ${id}`);
  return rows[0]!;
}

/** 400 naming the field for a page that would ask for acknowledgement, or a department not of the workspace. */
async function requireValidScope(db: Db, tenantId: string, kind: DocumentKind, fields: DraftFields): Promise<void> {
  if (kind === 'page' && fields.requiresAcknowledgement) {
    throw new AppError('validation_error', 'requiresAcknowledgement: only a policy asks for acknowledgement');
  }
  const ids = fields.departmentIds ?? [];
  if (ids.length === 0) return;
  if (kind === 'page')
    throw new AppError('validation_error', 'departmentIds: only a policy has an acknowledgement scope');
  const found = await db.department.findMany({ where: { tenantId, id: { in: ids } }, select: { id: true } });
  const missing = ids.filter((id) => !found.some((d) => d.id === id));
  if (missing.length > 0) {
    throw new AppError('validation_error', `departmentIds: no department ${missing.join(', ')} in this workspace`);
  }
}

async function viewOf(db: Db, id: string, withDraft: boolean): Promise<DocumentView> {
  const doc = await db.playbookDocument.findUniqueOrThrow({ where: { id }, include: { versions: true } });
  return documentViewOf(doc, withDraft);
}

/** Writes a page or policy (HR) with its first version as a draft. A slug the workspace has answers 409. */
export async function createDocument(
  prisma: PrismaClient,
  actor: Actor,
  input: { kind: DocumentKind; slug: string; title: string; body: string } & DraftFields,
): Promise<DocumentView> {
  requirePlaybookEditor(actor, 'write handbook pages and policies');
  const tenantId = actor.tenant.id;
  await requireValidScope(prisma, tenantId, input.kind, input);
  return prisma.$transaction(async (tx) => {
    const taken = await tx.playbookDocument.findFirst({ where: { tenantId, slug: input.slug }, select: { id: true } });
    if (taken) throw new AppError('conflict', `slug: ${input.slug} is the slug of document ${taken.id}`);
    const doc = await tx.playbookDocument.create({
      data: { tenantId, kind: input.kind, slug: input.slug, createdByUserId: actor.user.id },
    });
    await tx.playbookVersion.create({
      data: {
        tenantId,
        documentId: doc.id,
        number: 1,
        draftOf: doc.id,
        title: input.title,
        body: input.body,
        requiresAcknowledgement: input.requiresAcknowledgement ?? false,
        departmentIds: [...new Set(input.departmentIds ?? [])],
        createdByUserId: actor.user.id,
      },
    });
    return viewOf(tx, doc.id, true);
  });
}

/** The document as `actor` may read it: HR any, with its draft; anyone else a published one. 404 otherwise. */
export async function getDocument(prisma: PrismaClient, actor: Actor, id: string): Promise<DocumentView> {
  const doc = await prisma.playbookDocument.findFirst({
    where: { id, tenantId: actor.tenant.id },
    include: { versions: true },
  });
  const drafts = mayReadPlaybookDrafts(actor);
  if (!doc || (!drafts && !currentOf(doc.versions))) throw new AppError('not_found', `No playbook document ${id}`);
  return documentViewOf(doc, drafts);
}

/** The filter of the documents `actor` may read: all for HR, the published ones for anyone else. */
export function visibleDocumentsFilter(actor: Actor): Prisma.PlaybookDocumentWhereInput {
  return mayReadPlaybookDrafts(actor)
    ? { tenantId: actor.tenant.id }
    : { tenantId: actor.tenant.id, versions: { some: { publishedAt: { not: null } } } };
}

/** The documents `actor` may read, newest first, a page at a time. */
export async function listDocuments(
  prisma: PrismaClient,
  actor: Actor,
  query: { kind?: DocumentKind | undefined; slug?: string | undefined; limit: number; after?: string | undefined },
): Promise<{ documents: DocumentSummary[]; nextCursor: string | null }> {
  const rows = await prisma.playbookDocument.findMany({
    where: {
      AND: [
        visibleDocumentsFilter(actor),
        query.kind ? { kind: query.kind } : {},
        query.slug ? { slug: query.slug } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    include: { versions: true },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    documents: page.map((d) => documentSummaryOf(d, mayReadPlaybookDrafts(actor))),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/**
 * Edits the document's draft (HR). With no draft open, a new one is made from the current version, numbered
 * next: a published version itself never changes.
 */
export async function editDraft(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  changes: DraftFields,
): Promise<DocumentView> {
  requirePlaybookEditor(actor, 'edit handbook pages and policies');
  const tenantId = actor.tenant.id;
  return prisma.$transaction(async (tx) => {
    const { kind } = await lockDocument(tx, tenantId, id);
    await requireValidScope(tx, tenantId, kind, changes);
    const versions = await tx.playbookVersion.findMany({ where: { documentId: id } });
    const data = {
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.body !== undefined ? { body: changes.body } : {}),
      ...(changes.requiresAcknowledgement !== undefined
        ? { requiresAcknowledgement: changes.requiresAcknowledgement }
        : {}),
      ...(changes.departmentIds !== undefined ? { departmentIds: [...new Set(changes.departmentIds)] } : {}),
    };
    const draft = draftOf(versions);
    if (draft) {
      await tx.playbookVersion.update({ where: { id: draft.id }, data });
    } else {
      // Without a draft, the document has a published version: the new draft starts as its copy.
      const base: PlaybookVersion = currentOf(versions)!;
      await tx.playbookVersion.create({
        data: {
          tenantId,
          documentId: id,
          number: Math.max(...versions.map((v) => v.number)) + 1,
          draftOf: id,
          title: base.title,
          body: base.body,
          requiresAcknowledgement: base.requiresAcknowledgement,
          departmentIds: base.departmentIds,
          createdByUserId: actor.user.id,
          ...data,
        },
      });
    }
    await tx.playbookDocument.update({ where: { id }, data: { updatedAt: new Date() } });
    return viewOf(tx, id, true);
  });
}

/**
 * Publishes the document's draft (HR): it becomes the current version and never changes again. A policy's version
 * that asks for acknowledgement asks every employee in its scope, each told once (acknowledgementScope.ts). 409
 * when there is no draft.
 */
export async function publishDocument(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  clock: Clock,
): Promise<{ document: DocumentView; acknowledgementRequests: number }> {
  requirePlaybookEditor(actor, 'publish handbook pages and policies');
  const tenantId = actor.tenant.id;
  return prisma.$transaction(async (tx) => {
    await lockDocument(tx, tenantId, id);
    const versions = await tx.playbookVersion.findMany({ where: { documentId: id } });
    const draft = draftOf(versions);
    if (!draft) {
      const current = currentOf(versions)!;
      throw new AppError('conflict', `No draft to publish: version ${current.number} is published and current`);
    }
    const version = await tx.playbookVersion.update({
      where: { id: draft.id },
      data: { draftOf: null, publishedAt: new Date(), publishedByUserId: actor.user.id },
    });
    const doc = await tx.playbookDocument.update({ where: { id }, data: { updatedAt: new Date() } });
    let asked = 0;
    if (doc.kind === 'policy' && version.requiresAcknowledgement) {
      const people = await tx.employee.findMany({
        where: await inScopeFilter(tx, tenantId, version, clock),
        select: { userId: true },
      });
      asked = people.length;
      // Someone without an account is asked all the same (the list counts them); only the notice needs a user.
      await notifyAcknowledgementRequested(tx, {
        tenantId,
        userIds: people.flatMap((p) => (p.userId ? [p.userId] : [])),
        document: doc,
        version,
      });
    }
    await emitPlaybookWebhookEvent(
      tx,
      doc.kind === 'policy' ? 'playbook.policy.published' : 'playbook.page.published',
      doc,
      version,
    );
    return { document: await viewOf(tx, id, true), acknowledgementRequests: asked };
  });
}

/** The versions of a document `actor` may read, newest first: HR every one, anyone else the published ones. */
export async function listVersions(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  query: { limit: number; after?: number | undefined },
): Promise<{ versions: VersionView[]; nextCursor: string | null }> {
  await getDocument(prisma, actor, id);
  const rows = await prisma.playbookVersion.findMany({
    where: {
      documentId: id,
      ...(mayReadPlaybookDrafts(actor) ? {} : { publishedAt: { not: null } }),
      ...(query.after !== undefined ? { number: { lt: query.after } } : {}),
    },
    orderBy: { number: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    versions: page.map(versionViewOf),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.number) : null,
  };
}
