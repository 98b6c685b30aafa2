import type { Offer } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { recruitsFor, teamOpeningsFilter } from '../access/recruitingAccess';
import { AppError } from '../appError';
import { openApproval } from '../approvalFlows/openApproval';
import { lockApprovalOf, withdrawApproval } from '../approvalFlows/withdrawApproval';
import type { Clock } from '../clock';
import { addDays, toDbDate, type IsoDate } from '../leave/dates';
import { tenantToday } from '../leave/tenantCalendar';
import { requireDepartment, requireEmployee } from '../organization/references';
import { emitAtsWebhookEvent } from './atsWebhooks';
import { notifyAts } from './atsNotifications';
import { lockApplication } from './applications';
import { findVisibleApplication, offerViewOf, type OfferView } from './applicationViews';
import { lockOffer, offerApprovalSubject, offerNotice } from './offerApprovalSubject';

/**
 * Offers (company API, ATS): the recruiting team makes one for an application at stage `offer`; it goes through
 * Approval Flows (request type `offer`, facts { amountMinor: the yearly salary }; the built-in flow asks HR). An
 * APPROVED offer is accepted (engines/ats/offerAcceptance.ts) or declined by the candidate, recorded by a
 * recruiter or HR; before acceptance the team may withdraw it. One live (PENDING or APPROVED) offer per
 * application at a time.
 */

/** How far ahead a start date may be. */
export const MAX_START_DAYS_AHEAD = 366;

export interface NewOffer {
  jobTitle?: string | undefined;
  departmentId?: string | null | undefined;
  managerId?: string | null | undefined;
  employmentType?: string | undefined;
  startDate: IsoDate;
  annualMinor: number;
  currency: string;
}

/** An offer the actor reads: its application's recruiting team only (an interviewer does not); 404 otherwise. */
export async function findVisibleOffer(prisma: PrismaClient, actor: Actor, id: string) {
  const offer = await prisma.offer.findFirst({ where: { id, tenantId: actor.tenant.id } });
  const found = offer ? await findVisibleApplication(prisma, actor, offer.applicationId).catch(() => null) : null;
  if (!offer || !found || found.access !== 'team') throw new AppError('not_found', `No offer ${id}`);
  return { offer, opening: found.opening };
}

export async function getOffer(prisma: PrismaClient, actor: Actor, id: string): Promise<OfferView> {
  return offerViewOf((await findVisibleOffer(prisma, actor, id)).offer);
}

/** Makes an offer and opens its approval; answers it and the approval's id, whose workflow starts after commit. */
export async function createOffer(
  prisma: PrismaClient,
  actor: Actor,
  applicationId: string,
  input: NewOffer,
  clock: Clock,
): Promise<{ offer: OfferView; approvalId: string }> {
  const { access, opening } = await findVisibleApplication(prisma, actor, applicationId);
  if (access !== 'team') throw new AppError('forbidden', 'Only the recruiting team makes offers');
  const tenantId = actor.tenant.id;
  const { today } = await tenantToday(prisma, tenantId, clock);
  if (input.startDate < today) throw new AppError('validation_error', `startDate: must be today (${today}) or later`);
  if (input.startDate > addDays(today, MAX_START_DAYS_AHEAD)) {
    throw new AppError('validation_error', `startDate: at most ${MAX_START_DAYS_AHEAD} days ahead`);
  }
  return prisma.$transaction(async (tx) => {
    if (input.departmentId) await requireDepartment(tx, tenantId, input.departmentId, 'departmentId');
    if (input.managerId) await requireEmployee(tx, tenantId, input.managerId, 'managerId');
    const application = await lockApplication(tx, tenantId, applicationId);
    if (application.stage !== 'offer') {
      throw new AppError(
        'conflict',
        `The application is at stage ${application.stage}: offers are made at stage offer`,
      );
    }
    const live = await tx.offer.findFirst({
      where: { applicationId, status: { in: ['PENDING', 'APPROVED'] } },
      select: { id: true, status: true },
    });
    if (live) throw new AppError('conflict', `The application has offer ${live.id}, ${live.status}: one at a time`);
    const current = await tx.jobOpening.findUniqueOrThrow({ where: { id: opening.id } });
    if (current.status === 'CLOSED') throw new AppError('conflict', 'The opening is CLOSED: it takes no more offers');
    const offer = await tx.offer.create({
      data: {
        tenantId,
        applicationId,
        jobTitle: input.jobTitle ?? current.title,
        departmentId: input.departmentId === undefined ? current.departmentId : input.departmentId,
        managerId: input.managerId === undefined ? current.hiringManagerId : input.managerId,
        employmentType: input.employmentType ?? current.employmentType,
        startDate: toDbDate(input.startDate),
        salaryMinor: BigInt(input.annualMinor),
        currency: input.currency,
        status: 'PENDING',
        createdByUserId: actor.user.id,
      },
    });
    const notice = await offerNotice(tx, offer);
    const approval = await openApproval(tx, offerApprovalSubject, {
      tenantId,
      subjectId: offer.id,
      subjectEmployeeId: current.hiringManagerId,
      requesterUserId: actor.user.id,
      facts: { amountMinor: input.annualMinor },
      summary: `Offer to ${notice.candidateName}: ${offer.jobTitle}, starting ${input.startDate}`,
      at: new Date(),
    });
    const withApproval = await tx.offer.update({ where: { id: offer.id }, data: { approvalId: approval.id } });
    await emitAtsWebhookEvent(tx, 'ats.offer.created', tenantId, {
      offerId: offer.id,
      applicationId,
      status: 'PENDING',
    });
    return { offer: offerViewOf(withApproval), approvalId: approval.id };
  });
}

/** The team takes back an offer not accepted yet (PENDING or APPROVED); its approval ends, those asked are told. */
export async function withdrawOffer(prisma: PrismaClient, actor: Actor, id: string): Promise<OfferView> {
  await findVisibleOffer(prisma, actor, id);
  return prisma.$transaction(async (tx) => {
    const offer = await lockOffer(tx, actor.tenant.id, id);
    if (offer.status !== 'PENDING' && offer.status !== 'APPROVED') {
      throw new AppError('conflict', `The offer is ${offer.status}: only a PENDING or APPROVED offer is withdrawn`);
    }
    const approval = await lockApprovalOf(tx, 'offer', id);
    const withdrawn = await tx.offer.update({ where: { id }, data: { status: 'WITHDRAWN' } });
    const asked = await withdrawApproval(tx, approval, new Date());
    await notifyAts(tx, asked, 'ats.offer_withdrawn', await offerNotice(tx, withdrawn));
    await emitAtsWebhookEvent(tx, 'ats.offer.withdrawn', actor.tenant.id, {
      offerId: id,
      applicationId: offer.applicationId,
      status: 'WITHDRAWN',
    });
    return offerViewOf(withdrawn);
  });
}

/** The candidate said no to an APPROVED offer (recorded by a recruiter or HR); the application stays at `offer`. */
export async function declineOffer(prisma: PrismaClient, actor: Actor, id: string): Promise<OfferView> {
  const { opening } = await findVisibleOffer(prisma, actor, id);
  if (!recruitsFor(actor, opening)) {
    throw new AppError('forbidden', 'Only HR and the opening’s recruiters record a candidate’s answer');
  }
  return prisma.$transaction(async (tx) => {
    const offer = await lockOffer(tx, actor.tenant.id, id);
    if (offer.status !== 'APPROVED') {
      throw new AppError('conflict', `The offer is ${offer.status}: only an APPROVED offer is declined`);
    }
    const declined = await tx.offer.update({ where: { id }, data: { status: 'DECLINED', respondedAt: new Date() } });
    await emitAtsWebhookEvent(tx, 'ats.offer.declined', actor.tenant.id, {
      offerId: id,
      applicationId: offer.applicationId,
      status: 'DECLINED',
    });
    return offerViewOf(declined);
  });
}

/** The offers of the actor's recruiting team's openings, newest first: of an opening, in a status. */
export async function listOffers(
  prisma: PrismaClient,
  actor: Actor,
  query: { openingId?: string | undefined; status?: Offer['status'] | undefined; limit: number; after?: string },
): Promise<{ offers: OfferView[]; nextCursor: string | null }> {
  const openings = await prisma.jobOpening.findMany({
    where: { AND: [teamOpeningsFilter(actor), query.openingId ? { id: query.openingId } : {}] },
    select: { id: true },
  });
  const applications = await prisma.application.findMany({
    where: { openingId: { in: openings.map((o) => o.id) } },
    select: { id: true },
  });
  const rows = await prisma.offer.findMany({
    where: {
      AND: [
        { tenantId: actor.tenant.id, applicationId: { in: applications.map((a) => a.id) } },
        query.status ? { status: query.status } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    offers: page.map(offerViewOf),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}
