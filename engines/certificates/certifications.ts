import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { isHrRole } from '../access/roles';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { tenantToday } from '../leave/tenantCalendar';
import {
  findVisibleCertification,
  maySeeCertificationsOf,
  requireCertificationWriter,
  visibleCertificationsFilter,
} from './certificationAccess';
import { certificationViewsOf, type CertificationKind, type CertificationView } from './certificationViews';
import type { CertificationExpiryRef } from './expiryPort';

/**
 * Certifications and licences (company-api.md, Certificates): recorded by HR for anyone or by a person for
 * themself; only HR marks one `required` (its expiry is then flagged to the manager). A change of expiry date
 * (a renewal) clears the row's workflow id in the same transaction, so the expiry workflow is told after commit,
 * or, if that fails, started again by the process reconciler.
 */

export interface CertificationFields {
  kind: CertificationKind;
  name: string;
  issuer: string;
  number?: string | null | undefined;
  issueDate: IsoDate;
  expiryDate?: IsoDate | null | undefined;
  required?: boolean | undefined;
}

/** After commit: tells the expiry workflow of a new or changed expiry date, or of a deletion. */
export interface ExpiryHooks {
  clock: Clock;
  /** An expiry date was set or changed: start the workflow, or have it read again. */
  watch?: (ref: CertificationExpiryRef) => Promise<void>;
  /** The expiry date was removed, or the certification deleted: a running workflow reads again and ends. */
  notify?: (ref: CertificationExpiryRef) => Promise<void>;
}

function requireHrForRequired(actor: Actor, required: boolean | undefined): void {
  if (required !== undefined && !isHrRole(actor.user.role)) {
    throw new AppError('forbidden', 'Only an HR_MANAGER, ADMIN or OWNER marks a certification required (or not)');
  }
}

async function checkDates(
  prisma: PrismaClient,
  tenantId: string,
  clock: Clock,
  issueDate: IsoDate,
  expiryDate: IsoDate | null | undefined,
): Promise<void> {
  const { today } = await tenantToday(prisma, tenantId, clock);
  if (issueDate > today) throw new AppError('validation_error', `issueDate: must not be after today (${today})`);
  if (expiryDate && expiryDate < issueDate) {
    throw new AppError('validation_error', `expiryDate: must not be before the issue date (${issueDate})`);
  }
}

async function viewOf(prisma: PrismaClient, tenantId: string, id: string, clock: Clock): Promise<CertificationView> {
  const { today } = await tenantToday(prisma, tenantId, clock);
  const row = await prisma.certification.findUniqueOrThrow({ where: { id } });
  const [view] = await certificationViewsOf(prisma, [row], today);
  return view!;
}

/** Records a certification of `employeeId`; 404 for someone the actor cannot see, 403 for someone else's unless HR. */
export async function createCertification(
  prisma: PrismaClient,
  actor: Actor,
  input: CertificationFields & { employeeId: string },
  hooks: ExpiryHooks,
): Promise<CertificationView> {
  if (!(await maySeeCertificationsOf(prisma, actor, input.employeeId))) {
    throw new AppError('not_found', `No person ${input.employeeId}`);
  }
  requireCertificationWriter(actor, input.employeeId);
  requireHrForRequired(actor, input.required);
  await checkDates(prisma, actor.tenant.id, hooks.clock, input.issueDate, input.expiryDate);
  const row = await prisma.certification.create({
    data: {
      tenantId: actor.tenant.id,
      employeeId: input.employeeId,
      kind: input.kind,
      name: input.name,
      issuer: input.issuer,
      number: input.number ?? null,
      issueDate: toDbDate(input.issueDate),
      expiryDate: input.expiryDate ? toDbDate(input.expiryDate) : null,
      required: input.required ?? false,
      createdByUserId: actor.user.id,
    },
  });
  if (row.expiryDate) await hooks.watch?.({ tenantId: row.tenantId, certificationId: row.id });
  return viewOf(prisma, actor.tenant.id, row.id, hooks.clock);
}

/** Changes a certification: its holder or HR (`required` HR only). A new expiry date restarts its reminders. */
export async function updateCertification(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  changes: Partial<CertificationFields>,
  hooks: ExpiryHooks,
): Promise<CertificationView> {
  const current = await findVisibleCertification(prisma, actor, id);
  requireCertificationWriter(actor, current.employeeId);
  requireHrForRequired(actor, changes.required);
  const issueDate = changes.issueDate ?? fromDbDate(current.issueDate);
  const before = current.expiryDate ? fromDbDate(current.expiryDate) : null;
  const expiryDate = changes.expiryDate === undefined ? before : changes.expiryDate;
  await checkDates(prisma, actor.tenant.id, hooks.clock, issueDate, expiryDate);
  const expiryChanged = expiryDate !== before;
  const data: Prisma.CertificationUpdateInput = {
    ...(changes.kind !== undefined ? { kind: changes.kind } : {}),
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.issuer !== undefined ? { issuer: changes.issuer } : {}),
    ...(changes.number !== undefined ? { number: changes.number } : {}),
    ...(changes.required !== undefined ? { required: changes.required } : {}),
    issueDate: toDbDate(issueDate),
    ...(expiryChanged ? { expiryDate: expiryDate ? toDbDate(expiryDate) : null, workflowId: null } : {}),
  };
  await prisma.certification.update({ where: { id }, data });
  const ref = { tenantId: current.tenantId, certificationId: id };
  if (expiryChanged) await (expiryDate ? hooks.watch?.(ref) : hooks.notify?.(ref));
  return viewOf(prisma, actor.tenant.id, id, hooks.clock);
}

/** Deletes a certification (HR only); its reminders go with it and its workflow, told, ends. */
export async function deleteCertification(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  notify?: (ref: CertificationExpiryRef) => Promise<void>,
): Promise<{ id: string }> {
  const current = await findVisibleCertification(prisma, actor, id);
  if (!isHrRole(actor.user.role)) {
    throw new AppError('forbidden', 'Only an HR_MANAGER, ADMIN or OWNER deletes a certification');
  }
  await prisma.$transaction([
    prisma.certificationReminder.deleteMany({ where: { certificationId: id } }),
    prisma.certification.delete({ where: { id } }),
  ]);
  await notify?.({ tenantId: current.tenantId, certificationId: id });
  return { id };
}

export async function getCertification(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  clock: Clock,
): Promise<CertificationView> {
  const row = await findVisibleCertification(prisma, actor, id);
  return viewOf(prisma, actor.tenant.id, row.id, clock);
}

/**
 * The certifications `actor` may see, newest first, a page at a time; `expiresBefore` keeps
 * those expiring before that day, `expired` those whose expiry date has begun (true) or not (false, or none).
 */
export async function listCertifications(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    employeeId?: string | undefined;
    expiresBefore?: IsoDate | undefined;
    expired?: boolean | undefined;
    limit: number;
    after?: string | undefined;
  },
  clock: Clock,
): Promise<{ certifications: CertificationView[]; nextCursor: string | null }> {
  const { today } = await tenantToday(prisma, actor.tenant.id, clock);
  const todayDb = toDbDate(today);
  const rows = await prisma.certification.findMany({
    where: {
      AND: [
        await visibleCertificationsFilter(prisma, actor),
        query.employeeId ? { employeeId: query.employeeId } : {},
        query.expiresBefore ? { expiryDate: { lt: toDbDate(query.expiresBefore) } } : {},
        query.expired === true ? { expiryDate: { lte: todayDb } } : {},
        query.expired === false ? { OR: [{ expiryDate: null }, { expiryDate: { gt: todayDb } }] } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    certifications: await certificationViewsOf(prisma, page, today),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}
