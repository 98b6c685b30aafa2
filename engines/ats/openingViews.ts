import type { JobOpening } from '../../db/models';
import type { Db } from '../../db/handle';
import type { Actor } from '../access/actor';
import { visibleOpeningsFilter } from '../access/recruitingAccess';
import { AppError } from '../appError';

/** A job opening as the API answers it. */
export interface JobOpeningView {
  id: string;
  title: string;
  description: string | null;
  departmentId: string | null;
  locationId: string | null;
  employmentType: string;
  hiringManager: { employeeId: string; name: string };
  recruiterIds: string[];
  openings: number;
  /** Offers accepted so far: the opening closes itself when this reaches `openings`. */
  hired: number;
  status: JobOpening['status'];
  openedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export async function openingViewsOf(db: Db, rows: JobOpening[]): Promise<JobOpeningView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [managers, hired] = await Promise.all([
    db.employee.findMany({
      where: { id: { in: rows.map((r) => r.hiringManagerId) } },
      select: { id: true, name: true },
    }),
    db.application.groupBy({ by: ['openingId'], where: { openingId: { in: ids }, stage: 'hired' }, _count: true }),
  ]);
  const nameOf = new Map(managers.map((m) => [m.id, m.name]));
  const hiredOf = new Map(hired.map((h) => [h.openingId, h._count]));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    departmentId: r.departmentId,
    locationId: r.locationId,
    employmentType: r.employmentType,
    hiringManager: { employeeId: r.hiringManagerId, name: nameOf.get(r.hiringManagerId) ?? '' },
    recruiterIds: r.recruiterIds,
    openings: r.openings,
    hired: hiredOf.get(r.id) ?? 0,
    status: r.status,
    openedAt: r.openedAt?.toISOString() ?? null,
    closedAt: r.closedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** An opening the actor reads (the job board, or one of their recruiting team's); 404 otherwise. */
export async function findVisibleOpening(db: Db, actor: Actor, id: string): Promise<JobOpening> {
  const row = await db.jobOpening.findFirst({ where: { AND: [{ id }, visibleOpeningsFilter(actor)] } });
  if (!row) throw new AppError('not_found', `No job opening ${id}`);
  return row;
}
