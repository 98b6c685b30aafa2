import type { PlaybookDocument, PlaybookVersion } from '../../db/models';

export const documentKinds = ['page', 'policy'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** One version of a page or policy as the API answers it. */
export interface VersionView {
  number: number;
  status: 'draft' | 'published';
  title: string;
  body: string;
  requiresAcknowledgement: boolean;
  /** Whose acknowledgement it asks: empty for every employee. */
  departmentIds: string[];
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

/** A page or policy: its current (latest published) version and, for HR, its open draft. */
export interface DocumentView {
  id: string;
  kind: DocumentKind;
  slug: string;
  current: VersionView | null;
  draft: VersionView | null;
  createdAt: string;
  updatedAt: string;
}

/** A document in a list: its current title, without bodies. */
export interface DocumentSummary {
  id: string;
  kind: DocumentKind;
  slug: string;
  title: string;
  currentVersion: number | null;
  publishedAt: string | null;
  requiresAcknowledgement: boolean;
  draftVersion: number | null;
}

export function versionViewOf(v: PlaybookVersion): VersionView {
  return {
    number: v.number,
    status: v.publishedAt ? 'published' : 'draft',
    title: v.title,
    body: v.body,
    requiresAcknowledgement: v.requiresAcknowledgement,
    departmentIds: [...v.departmentIds].sort(),
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
    publishedAt: v.publishedAt?.toISOString() ?? null,
  };
}

/** The latest published version among `versions`, or null. */
export function currentOf<V extends Pick<PlaybookVersion, 'number' | 'publishedAt'>>(versions: V[]): V | null {
  return versions.filter((v) => v.publishedAt).sort((a, b) => b.number - a.number)[0] ?? null;
}

/** The open draft among `versions` (at most one: the unique draft_of), or null. */
export function draftOf<V extends Pick<PlaybookVersion, 'publishedAt'>>(versions: V[]): V | null {
  return versions.find((v) => !v.publishedAt) ?? null;
}

/** The document with its versions, shown to one who reads drafts (`withDraft`) or not. */
export function documentViewOf(
  doc: PlaybookDocument & { versions: PlaybookVersion[] },
  withDraft: boolean,
): DocumentView {
  const current = currentOf(doc.versions);
  const draft = withDraft ? draftOf(doc.versions) : null;
  return {
    id: doc.id,
    kind: doc.kind,
    slug: doc.slug,
    current: current ? versionViewOf(current) : null,
    draft: draft ? versionViewOf(draft) : null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** The list's line of a document: the current version's title, else (HR) the draft's. */
export function documentSummaryOf(
  doc: PlaybookDocument & { versions: PlaybookVersion[] },
  withDraft: boolean,
): DocumentSummary {
  const current = currentOf(doc.versions);
  const draft = withDraft ? draftOf(doc.versions) : null;
  const shown = (current ?? draft)!;
  return {
    id: doc.id,
    kind: doc.kind,
    slug: doc.slug,
    title: shown.title,
    currentVersion: current?.number ?? null,
    publishedAt: current?.publishedAt?.toISOString() ?? null,
    requiresAcknowledgement: current?.requiresAcknowledgement ?? false,
    draftVersion: draft?.number ?? null,
  };
}
