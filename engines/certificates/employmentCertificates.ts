import type { EmploymentCertificate, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { formatMoney } from '../../lib/money/money';
import { textPdf } from '../../lib/pdf/textPdf';
import type { Actor } from '../access/actor';
import { managersSeeTeamCompensation, maySeeCompensation } from '../access/compensationAccess';
import { isHrRole } from '../access/roles';
import { AppError } from '../appError';
import type { BlobStore } from '../blobs/blobStore';
import type { Clock } from '../clock';
import { salaryOn } from '../compensation/salaries';
import { fromDbDate } from '../leave/dates';
import { tenantToday } from '../leave/tenantCalendar';
import { writeNotifications } from '../notifications/writeNotifications';
import { emitCertificatesWebhookEvent } from '../webhooks/emitters';
import { certificationHoldersFilter, maySeeCertificationsOf, requireCertificationWriter } from './certificationAccess';
import { employmentCertificateLines } from './employmentCertificateDocument';

/**
 * Employment certificates (company-api.md, Certificates): a PDF confirming someone's employment, issued on request
 * by the person for themself or by HR for anyone, kept in the blob store under its SHA-256. One stating the salary
 * is issued only to who may read that pay (engines/access/compensationAccess.ts), and read only by them after.
 */

export interface EmploymentCertificateView {
  id: string;
  employeeId: string;
  employeeName: string;
  purpose: string | null;
  includeSalary: boolean;
  filename: string;
  size: number;
  sha256: string;
  requestedBy: { userId: string; name: string };
  issuedAt: string;
}

async function viewsOf(prisma: PrismaClient, rows: EmploymentCertificate[]): Promise<EmploymentCertificateView[]> {
  if (rows.length === 0) return [];
  const [employees, users] = await Promise.all([
    prisma.employee.findMany({
      where: { id: { in: rows.map((r) => r.employeeId) } },
      select: { id: true, name: true },
    }),
    prisma.user.findMany({
      where: { id: { in: rows.map((r) => r.requestedByUserId) } },
      select: { id: true, name: true },
    }),
  ]);
  const employeeName = new Map(employees.map((e) => [e.id, e.name]));
  const userName = new Map(users.map((u) => [u.id, u.name]));
  return rows.map((r) => ({
    id: r.id,
    employeeId: r.employeeId,
    employeeName: employeeName.get(r.employeeId) ?? '',
    purpose: r.purpose,
    includeSalary: r.includeSalary,
    filename: r.filename,
    size: r.size,
    sha256: r.sha256,
    requestedBy: { userId: r.requestedByUserId, name: userName.get(r.requestedByUserId) ?? '(deleted user)' },
    issuedAt: r.issuedAt.toISOString(),
  }));
}

/**
 * The employment certificates `actor` may read: of the people whose certifications they see (themself, their line,
 * everyone for HR), leaving out those stating a salary unless they may read that person's pay.
 */
async function visibleFilter(prisma: PrismaClient, actor: Actor): Promise<Prisma.EmploymentCertificateWhereInput> {
  const tenantId = actor.tenant.id;
  if (isHrRole(actor.user.role)) return { tenantId };
  const holders = await prisma.employee.findMany({
    where: await certificationHoldersFilter(prisma, actor),
    select: { id: true },
  });
  const lead = actor.user.role === 'MANAGER' || actor.user.role === 'DIRECTOR';
  const payOpen = lead && (await managersSeeTeamCompensation(prisma, tenantId));
  return {
    tenantId,
    employeeId: { in: holders.map((h) => h.id) },
    ...(payOpen ? {} : { OR: [{ includeSalary: false }, { employeeId: actor.employee?.id ?? '' }] }),
  };
}

/** An employment certificate `actor` may read; 404 otherwise. */
export async function findVisibleEmploymentCertificate(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<EmploymentCertificate> {
  const row = await prisma.employmentCertificate.findFirst({
    where: { AND: [{ id }, await visibleFilter(prisma, actor)] },
  });
  if (!row) throw new AppError('not_found', `No employment certificate ${id}`);
  return row;
}

/** The employer named on the certificate: the legal entity of the person's position, else the workspace. */
async function employerOf(prisma: PrismaClient, actor: Actor, employeeId: string): Promise<string> {
  const position = await prisma.position.findFirst({
    where: { tenantId: actor.tenant.id, holderEmployeeId: employeeId, legalEntityId: { not: null } },
    select: { legalEntityId: true },
  });
  const entity = position?.legalEntityId
    ? await prisma.legalEntity.findUnique({ where: { id: position.legalEntityId }, select: { name: true } })
    : null;
  return entity?.name ?? actor.tenant.name;
}

/**
 * Issues an employment certificate for `employeeId`: 404 for someone the actor cannot see, 403 for someone else
 * unless HR, 403 for `includeSalary` without access to their pay, 409 for a salary asked for where none is recorded.
 */
export async function issueEmploymentCertificate(
  prisma: PrismaClient,
  actor: Actor,
  input: { employeeId: string; purpose?: string | undefined; includeSalary?: boolean | undefined },
  deps: { clock: Clock; blobs: BlobStore },
): Promise<EmploymentCertificateView> {
  if (!(await maySeeCertificationsOf(prisma, actor, input.employeeId))) {
    throw new AppError('not_found', `No person ${input.employeeId}`);
  }
  requireCertificationWriter(actor, input.employeeId);
  const includeSalary = input.includeSalary ?? false;
  if (includeSalary && !(await maySeeCompensation(prisma, actor, input.employeeId))) {
    throw new AppError('forbidden', 'You may not read this person’s pay, so a certificate cannot state it');
  }
  const tenantId = actor.tenant.id;
  const { today } = await tenantToday(prisma, tenantId, deps.clock);
  const person = await prisma.employee.findUniqueOrThrow({
    where: { id: input.employeeId },
    include: { department: { select: { name: true } } },
  });
  let salary: string | null = null;
  if (includeSalary) {
    const current = await salaryOn(prisma, tenantId, person.id, today);
    if (!current)
      throw new AppError('conflict', `${person.name} has no salary recorded on ${today}; ask without includeSalary`);
    salary = `${formatMoney(current.annualMinor, current.currency)} a year`;
  }
  const purpose = input.purpose ?? null;
  const pdf = textPdf(
    employmentCertificateLines({
      employer: await employerOf(prisma, actor, person.id),
      name: person.name,
      employeeNumber: person.employeeNumber,
      jobTitle: person.jobTitle,
      department: person.department?.name ?? null,
      hireDate: fromDbDate(person.hireDate),
      terminationDate: person.terminationDate ? fromDbDate(person.terminationDate) : null,
      issueDate: today,
      purpose,
      salary,
    }),
    { title: `Employment certificate: ${person.name}` },
  );
  // The blob first: a row never names content that is not stored.
  const blob = await deps.blobs.put(pdf);
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.employmentCertificate.create({
      data: {
        tenantId,
        employeeId: person.id,
        purpose,
        includeSalary,
        filename: `employment-certificate-${person.employeeNumber}-${today}.pdf`,
        contentType: 'application/pdf',
        size: blob.size,
        sha256: blob.sha256,
        requestedByUserId: actor.user.id,
      },
    });
    if (person.userId && person.userId !== actor.user.id) {
      await writeNotifications(tx, [
        {
          tenantId,
          userId: person.userId,
          kind: 'certificates.employment_certificate_issued',
          title: 'An employment certificate was issued for you',
          body: `${actor.user.name} issued an employment certificate for you${purpose ? ` (${purpose})` : ''}.`,
          data: { employmentCertificateId: created.id, employeeId: person.id },
        },
      ]);
    }
    await emitCertificatesWebhookEvent(tx, 'certificates.employment_certificate.issued', {
      tenantId,
      employeeId: person.id,
      record: { employmentCertificateId: created.id, includeSalary, issuedOn: today },
    });
    return created;
  });
  const [view] = await viewsOf(prisma, [row]);
  return view!;
}

export async function getEmploymentCertificate(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<EmploymentCertificateView> {
  const [view] = await viewsOf(prisma, [await findVisibleEmploymentCertificate(prisma, actor, id)]);
  return view!;
}

/** The employment certificates `actor` may read, newest first, a page at a time. */
export async function listEmploymentCertificates(
  prisma: PrismaClient,
  actor: Actor,
  query: { employeeId?: string | undefined; limit: number; after?: string | undefined },
): Promise<{ employmentCertificates: EmploymentCertificateView[]; nextCursor: string | null }> {
  const rows = await prisma.employmentCertificate.findMany({
    where: {
      AND: [
        await visibleFilter(prisma, actor),
        query.employeeId ? { employeeId: query.employeeId } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    employmentCertificates: await viewsOf(prisma, page),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}
