import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import type { BlobStore } from '../blobs/blobStore';

/** An artifact as the API answers it. */
export interface ArtifactView {
  id: string;
  runId: string;
  threadId: string;
  kind: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
}

export interface ArtifactRow {
  id: string;
  tenantId: string;
  userId: string;
  runId: string;
  threadId: string;
  sourceKey: string;
  kind: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: Date;
}

export function toArtifactView(row: ArtifactRow): ArtifactView {
  return {
    id: row.id,
    runId: row.runId,
    threadId: row.threadId,
    kind: row.kind,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One file a run delivers, before it is stored. */
export interface ArtifactFile {
  /** Unique in the run: `<toolCallId>:csv`. */
  sourceKey: string;
  kind: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * Stores the files as artifacts of the run (blob first, then the row). Idempotent per (run, sourceKey): a retried
 * activity finds the artifacts it made before and answers them, never a second copy.
 */
export async function storeRunArtifacts(
  prisma: PrismaClient,
  store: BlobStore,
  run: { id: string; tenantId: string; userId: string; threadId: string },
  files: readonly ArtifactFile[],
): Promise<ArtifactView[]> {
  const views: ArtifactView[] = [];
  for (const file of files) {
    const blob = await store.put(file.content);
    await prisma.agentArtifact.createMany({
      data: [
        {
          tenantId: run.tenantId,
          userId: run.userId,
          runId: run.id,
          threadId: run.threadId,
          sourceKey: file.sourceKey,
          kind: file.kind,
          filename: file.filename,
          contentType: file.contentType,
          size: blob.size,
          sha256: blob.sha256,
        },
      ],
      skipDuplicates: true,
    });
    const row = await prisma.agentArtifact.findUniqueOrThrow({
      where: { runId_sourceKey: { runId: run.id, sourceKey: file.sourceKey } },
    });
    views.push(toArtifactView(row));
  }
  return views;
}

/** Filters of list_agent_artifacts. */
export interface ArtifactFilter {
  runId?: string | undefined;
  threadId?: string | undefined;
  contentType?: string | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  limit: number;
  cursor?: string | undefined;
}

/**
 * The artifacts of the actor's runs, newest first, `limit` at a time; `cursor` is the id of the last artifact of
 * the previous page. A run is its user's alone (engines/agent/runs.ts), and so are its artifacts.
 */
export async function listArtifacts(
  prisma: PrismaClient,
  actor: Actor,
  filter: ArtifactFilter,
): Promise<{ artifacts: ArtifactView[]; nextCursor?: string }> {
  const rows = await prisma.agentArtifact.findMany({
    where: {
      tenantId: actor.tenant.id,
      userId: actor.user.id,
      ...(filter.runId ? { runId: filter.runId } : {}),
      ...(filter.threadId ? { threadId: filter.threadId } : {}),
      ...(filter.contentType ? { contentType: filter.contentType } : {}),
      ...(filter.createdFrom || filter.createdTo
        ? {
            createdAt: {
              ...(filter.createdFrom ? { gte: filter.createdFrom } : {}),
              ...(filter.createdTo ? { lt: filter.createdTo } : {}),
            },
          }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: filter.limit + 1,
    ...(filter.cursor ? { cursor: { id: filter.cursor }, skip: 1 } : {}),
  });
  const artifacts = rows.slice(0, filter.limit).map(toArtifactView);
  const last = artifacts[artifacts.length - 1];
  return rows.length > filter.limit && last ? { artifacts, nextCursor: last.id } : { artifacts };
}

/** An artifact of one of the actor's runs, or 404 (another user's artifact does not exist for this actor). */
export async function findRunArtifact(
  prisma: PrismaClient,
  actor: Actor,
  runId: string,
  artifactId: string,
): Promise<ArtifactRow> {
  const row = await prisma.agentArtifact.findFirst({
    where: { id: artifactId, runId, tenantId: actor.tenant.id, userId: actor.user.id },
  });
  if (!row) throw new AppError('not_found', 'No such artifact');
  return row;
}
