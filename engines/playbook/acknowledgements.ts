import type { PlaybookDocument, PlaybookVersion } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { visibleEmployeesFilter } from '../access/visibility';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { emitPlaybookWebhookEvent } from '../webhooks/emitters';
import { asks, inScopeFilter, scopePersonOf } from './acknowledgementScope';
import { getDocument, visibleDocumentsFilter } from './documents';
import { currentOf } from './playbookViews';

/**
 * Acknowledgements (company-api.md, Playbook): an employee acknowledges the current version of a policy that asks
 * them; a new version asks again. Who has not acknowledged, and one's own pending requests, are computed from the
 * current version and today's scope (acknowledgementScope.ts), never stored as requests.
 */

export interface AcknowledgementView {
  documentId: string;
  slug: string;
  title: string;
  versionNumber: number;
  publishedAt: string;
  employeeId: string;
  acknowledgedAt: string | null;
}

/** The policy's current version, when it asks for acknowledgement (the document `actor` may read); else 409. */
async function askingVersionOf(
  prisma: PrismaClient,
  actor: Actor,
  documentId: string,
): Promise<{ document: PlaybookDocument; version: PlaybookVersion }> {
  await getDocument(prisma, actor, documentId);
  const document = await prisma.playbookDocument.findUniqueOrThrow({
    where: { id: documentId },
    include: { versions: { where: { publishedAt: { not: null } } } },
  });
  const version = currentOf(document.versions);
  if (!version) throw new AppError('conflict', 'The document is a draft: nothing of it is published yet');
  if (document.kind !== 'policy')
    throw new AppError('conflict', 'The document is a page: only policies are acknowledged');
  if (!version.requiresAcknowledgement) {
    throw new AppError('conflict', `The current version (${version.number}) does not ask for acknowledgement`);
  }
  return { document, version };
}

/**
 * Records that the caller read and accepts the policy's current version. Acknowledging it again answers the first
 * acknowledgement (nothing written); an older version is a 409 naming the current one; someone the version does
 * not ask (another department, no employee record) is a 409 too.
 */
export async function acknowledgePolicy(
  prisma: PrismaClient,
  actor: Actor,
  documentId: string,
  versionNumber: number,
  clock: Clock,
): Promise<AcknowledgementView> {
  const { document, version } = await askingVersionOf(prisma, actor, documentId);
  if (versionNumber !== version.number) {
    throw new AppError(
      'conflict',
      `versionNumber: version ${versionNumber} is not the current version; the current version is ${version.number}`,
    );
  }
  const employeeId = actor.employee?.id;
  if (!employeeId) throw new AppError('conflict', 'You have no employee record: the policy asks employees');
  const person = await scopePersonOf(prisma, actor.tenant.id, employeeId, clock);
  if (!person || !asks(version, person)) {
    throw new AppError(
      'conflict',
      `Version ${version.number} of this policy does not ask you (its departments do not include yours)`,
    );
  }
  const ack = await prisma.$transaction(async (tx) => {
    // The unique (version, employee) makes a second acknowledgement, even sent at once, a no-op.
    const { count } = await tx.playbookAcknowledgement.createMany({
      data: [{ tenantId: actor.tenant.id, documentId, versionId: version.id, employeeId }],
      skipDuplicates: true,
    });
    const row = await tx.playbookAcknowledgement.findUniqueOrThrow({
      where: { versionId_employeeId: { versionId: version.id, employeeId } },
    });
    if (count === 1) await emitPlaybookWebhookEvent(tx, 'playbook.policy.acknowledged', document, version, row);
    return row;
  });
  return {
    documentId,
    slug: document.slug,
    title: version.title,
    versionNumber: version.number,
    publishedAt: version.publishedAt!.toISOString(),
    employeeId,
    acknowledgedAt: ack.acknowledgedAt.toISOString(),
  };
}

export interface PendingPerson {
  employeeId: string;
  employeeNumber: number;
  name: string;
  departmentId: string | null;
}

/**
 * Who the policy's current version asks and has not acknowledged it, among the people `actor` sees (HR everyone,
 * a manager their team, a director their department, anyone else themself), by employee number.
 */
export async function listUnacknowledged(
  prisma: PrismaClient,
  actor: Actor,
  documentId: string,
  query: { limit: number; after?: number | undefined },
  clock: Clock,
): Promise<{ versionNumber: number; total: number; employees: PendingPerson[]; nextCursor: string | null }> {
  const { version } = await askingVersionOf(prisma, actor, documentId);
  const where = {
    AND: [
      await inScopeFilter(prisma, actor.tenant.id, version, clock),
      await visibleEmployeesFilter(prisma, actor),
      { NOT: { id: { in: await acknowledgedBy(prisma, version.id) } } },
    ],
  };
  const [total, rows] = await Promise.all([
    prisma.employee.count({ where }),
    prisma.employee.findMany({
      where: { AND: [where, query.after !== undefined ? { employeeNumber: { gt: query.after } } : {}] },
      orderBy: { employeeNumber: 'asc' },
      take: query.limit + 1,
      select: { id: true, employeeNumber: true, name: true, departmentId: true },
    }),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    versionNumber: version.number,
    total,
    employees: page.map((e) => ({
      employeeId: e.id,
      employeeNumber: e.employeeNumber,
      name: e.name,
      departmentId: e.departmentId,
    })),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.employeeNumber) : null,
  };
}

async function acknowledgedBy(prisma: PrismaClient, versionId: string): Promise<string[]> {
  const rows = await prisma.playbookAcknowledgement.findMany({ where: { versionId }, select: { employeeId: true } });
  return rows.map((r) => r.employeeId);
}

/**
 * The caller's own acknowledgement requests: the published policies whose current version asks them, still to
 * acknowledge (`pending`) or acknowledged, by slug. A workspace has tens of policies, so they are all read and
 * the answer is paged in memory.
 */
export async function listMyAcknowledgements(
  prisma: PrismaClient,
  actor: Actor,
  query: { status: 'pending' | 'acknowledged'; limit: number; after?: string | undefined },
  clock: Clock,
): Promise<{ acknowledgements: AcknowledgementView[]; nextCursor: string | null }> {
  const employeeId = actor.employee?.id;
  const person = employeeId ? await scopePersonOf(prisma, actor.tenant.id, employeeId, clock) : null;
  if (!employeeId || !person) return { acknowledgements: [], nextCursor: null };
  const policies = await prisma.playbookDocument.findMany({
    where: { AND: [visibleDocumentsFilter(actor), { kind: 'policy' }] },
    include: {
      versions: { where: { publishedAt: { not: null } }, include: { acknowledgements: { where: { employeeId } } } },
    },
    orderBy: { slug: 'asc' },
  });
  const views: AcknowledgementView[] = [];
  for (const doc of policies) {
    const version = currentOf(doc.versions);
    if (!version?.requiresAcknowledgement) continue;
    if (!asks(version, person)) continue;
    const ack = version.acknowledgements[0];
    if ((query.status === 'acknowledged') !== Boolean(ack)) continue;
    views.push({
      documentId: doc.id,
      slug: doc.slug,
      title: version.title,
      versionNumber: version.number,
      publishedAt: version.publishedAt!.toISOString(),
      employeeId,
      acknowledgedAt: ack?.acknowledgedAt.toISOString() ?? null,
    });
  }
  const from = query.after === undefined ? views : views.filter((v) => v.slug > query.after!);
  const page = from.slice(0, query.limit);
  return { acknowledgements: page, nextCursor: from.length > query.limit ? page[page.length - 1]!.slug : null };
}
