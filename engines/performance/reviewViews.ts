import type { Review, ReviewCycle } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { reviewReadLevel } from '../access/performanceAccess';
import type { ReviewAnswers } from './reviewAnswers';

/** A review as the API answers it; `answers` and `rating` are absent (not null) where the rating rule hides them. */
export interface ReviewView {
  id: string;
  cycleId: string;
  cycleName: string;
  cycleStatus: ReviewCycle['status'];
  kind: string;
  subject: { employeeId: string; name: string };
  reviewer: { employeeId: string; name: string };
  status: Review['status'];
  answers?: ReviewAnswers;
  rating?: number | null;
  submittedAt: string | null;
  remindedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The views of `rows` as `actor` reads them (rows `actor` may not read at all are left out). */
export async function reviewViewsOf(
  prisma: PrismaClient,
  actor: Actor,
  rows: Review[],
  lineReports: ReadonlySet<string>,
): Promise<ReviewView[]> {
  if (rows.length === 0) return [];
  const [cycles, people] = await Promise.all([
    prisma.reviewCycle.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.cycleId))] } },
      select: { id: true, name: true, status: true },
    }),
    prisma.employee.findMany({
      where: { id: { in: [...new Set(rows.flatMap((r) => [r.subjectId, r.reviewerId]))] } },
      select: { id: true, name: true },
    }),
  ]);
  const cycleOf = new Map(cycles.map((c) => [c.id, c]));
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const views: ReviewView[] = [];
  for (const r of rows) {
    const cycle = cycleOf.get(r.cycleId)!;
    const level = reviewReadLevel(actor, { ...r, cycleStatus: cycle.status }, lineReports);
    if (level === 'none') continue;
    views.push({
      id: r.id,
      cycleId: r.cycleId,
      cycleName: cycle.name,
      cycleStatus: cycle.status,
      kind: r.kind,
      subject: { employeeId: r.subjectId, name: nameOf.get(r.subjectId) ?? '' },
      reviewer: { employeeId: r.reviewerId, name: nameOf.get(r.reviewerId) ?? '' },
      status: r.status,
      ...(level === 'full' ? { answers: r.answers as ReviewAnswers, rating: r.rating } : {}),
      submittedAt: r.submittedAt?.toISOString() ?? null,
      remindedAt: r.remindedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    });
  }
  return views;
}
