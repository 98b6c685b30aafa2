import type { PrismaClient } from '../../db/prismaClient';
import { toDbDate } from '../../engines/leave/dates';
import { addDays } from '../../lib/calendar/isoDate';
import { demoPeople } from '../../prisma/seed';
import type { CompanySample } from './companySamples';
import type { DemoKey } from './identity';
import { testClock } from './clock';
import { todayOf } from './leave';

/**
 * Recruiting records for tests and the authorization matrices, written as rows (the matrices' API runs no worker):
 * Acme openings whose hiring manager is Marcus (the demo MANAGER) and whose recruiter is Oscar (operations
 * manager), candidates at example.test, applications at any stage, interviews and offers in any status.
 */

let n = 0;
const acmeOf = (prisma: PrismaClient) => prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
export const employeeIdOf = async (prisma: PrismaClient, who: DemoKey) =>
  (await prisma.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } })).id;
const hrUserOf = async (prisma: PrismaClient) =>
  (await prisma.user.findFirstOrThrow({ where: { email: demoPeople.hr.email } })).id;

/** A fresh Acme opening (OPEN unless told), Marcus hiring, Oscar recruiting. */
export async function atsOpeningOf(
  prisma: PrismaClient,
  opts: { status?: 'DRAFT' | 'OPEN' | 'ON_HOLD' | 'CLOSED'; openings?: number } = {},
): Promise<string> {
  const acme = await acmeOf(prisma);
  const opening = await prisma.jobOpening.create({
    data: {
      tenantId: acme.id,
      title: `Backend Engineer ${++n}`,
      hiringManagerId: await employeeIdOf(prisma, 'manager'),
      recruiterIds: [await employeeIdOf(prisma, 'operationsManager')],
      openings: opts.openings ?? 1,
      status: opts.status ?? 'OPEN',
      openedAt: new Date(),
      createdByUserId: await hrUserOf(prisma),
    },
  });
  return opening.id;
}

/** A fresh candidate's application to a fresh opening (or `openingId`) at `stage`. */
export async function atsApplicationOf(
  prisma: PrismaClient,
  stage: string,
  opts: { openingId?: string } = {},
): Promise<string> {
  const acme = await acmeOf(prisma);
  const openingId = opts.openingId ?? (await atsOpeningOf(prisma));
  const candidate = await prisma.candidate.create({
    data: { tenantId: acme.id, name: `Casey Candidate ${++n}`, email: `casey.${++n}@example.test` },
  });
  const application = await prisma.application.create({
    data: { tenantId: acme.id, openingId, candidateId: candidate.id, stage },
  });
  await prisma.applicationStageChange.create({
    data: { tenantId: acme.id, applicationId: application.id, fromStage: null, toStage: 'applied' },
  });
  if (stage !== 'applied') {
    await prisma.applicationStageChange.create({
      data: { tenantId: acme.id, applicationId: application.id, fromStage: 'applied', toStage: stage },
    });
  }
  return application.id;
}

/** A SCHEDULED interview of a fresh application at stage interview, with `interviewers`. */
export async function atsInterviewOf(prisma: PrismaClient, interviewers: DemoKey[]): Promise<string> {
  const acme = await acmeOf(prisma);
  const applicationId = await atsApplicationOf(prisma, 'interview');
  const interview = await prisma.interview.create({
    data: {
      tenantId: acme.id,
      applicationId,
      kind: 'technical',
      scheduledAt: new Date(testClock().now().getTime() + 86_400_000),
      durationMinutes: 60,
      interviewerIds: await Promise.all(interviewers.map((who) => employeeIdOf(prisma, who))),
      status: 'SCHEDULED',
      createdByUserId: await hrUserOf(prisma),
    },
  });
  return interview.id;
}

/** An offer in `status` on a fresh application at stage offer (of `openingId`, or a fresh opening), starting in a month. */
export async function atsOfferOf(
  prisma: PrismaClient,
  status: 'PENDING' | 'APPROVED',
  opts: { openingId?: string } = {},
): Promise<string> {
  const acme = await acmeOf(prisma);
  const applicationId = await atsApplicationOf(prisma, 'offer', opts);
  const offer = await prisma.offer.create({
    data: {
      tenantId: acme.id,
      applicationId,
      jobTitle: 'Backend Engineer',
      managerId: await employeeIdOf(prisma, 'manager'),
      employmentType: 'full_time',
      startDate: toDbDate(addDays(await todayOf(prisma, 'hr'), 30)),
      salaryMinor: 7_000_000n,
      currency: 'EUR',
      status,
      createdByUserId: await hrUserOf(prisma),
      ...(status === 'APPROVED' ? { decidedAt: new Date() } : {}),
    },
  });
  return offer.id;
}

/** The sample requests of the ATS operations for the authorization matrices (see companySamples). */
export function atsSamples(db: () => PrismaClient): Record<string, (who: DemoKey) => Promise<CompanySample>> {
  const application = (stage: string) => atsApplicationOf(db(), stage);
  return {
    list_job_openings: async () => ({ method: 'GET', url: '/api/ats/openings' }),
    get_job_opening: async () => ({ method: 'GET', url: `/api/ats/openings/${await atsOpeningOf(db())}` }),
    create_job_opening: async () => ({
      method: 'POST',
      url: '/api/ats/openings',
      payload: { title: 'Matrix Engineer', hiringManagerId: await employeeIdOf(db(), 'manager') },
    }),
    update_job_opening: async () => ({
      method: 'PATCH',
      url: `/api/ats/openings/${await atsOpeningOf(db())}`,
      payload: { description: 'Builds the matrix' },
    }),
    set_job_opening_status: async () => ({
      method: 'POST',
      url: `/api/ats/openings/${await atsOpeningOf(db())}/status`,
      payload: { status: 'ON_HOLD' },
    }),
    create_application: async () => ({
      method: 'POST',
      url: `/api/ats/openings/${await atsOpeningOf(db())}/applications`,
      payload: { candidate: { name: 'Matrix Candidate', email: `matrix.${++n}@example.test` } },
    }),
    list_applications: async () => ({ method: 'GET', url: '/api/ats/applications' }),
    list_interviews: async () => ({ method: 'GET', url: '/api/ats/interviews' }),
    list_offers: async () => ({ method: 'GET', url: '/api/ats/offers' }),
    get_application: async () => ({ method: 'GET', url: `/api/ats/applications/${await application('screening')}` }),
    move_application_stage: async () => ({
      method: 'POST',
      url: `/api/ats/applications/${await application('applied')}/stage`,
      payload: { stage: 'screening' },
    }),
    reject_application: async () => ({
      method: 'POST',
      url: `/api/ats/applications/${await application('screening')}/reject`,
      payload: { reason: 'not_qualified' },
    }),
    withdraw_application: async () => ({
      method: 'POST',
      url: `/api/ats/applications/${await application('screening')}/withdraw`,
    }),
    reopen_application: async () => ({
      method: 'POST',
      url: `/api/ats/applications/${await application('rejected')}/reopen`,
    }),
    schedule_interview: async () => ({
      method: 'POST',
      url: `/api/ats/applications/${await application('interview')}/interviews`,
      payload: {
        kind: 'technical',
        scheduledAt: new Date(testClock().now().getTime() + 2 * 86_400_000).toISOString(),
        durationMinutes: 45,
        interviewerIds: [await employeeIdOf(db(), 'bob')],
      },
    }),
    cancel_interview: async () => ({
      method: 'POST',
      url: `/api/ats/interviews/${await atsInterviewOf(db(), ['bob'])}/cancel`,
    }),
    complete_interview: async () => ({
      method: 'POST',
      url: `/api/ats/interviews/${await atsInterviewOf(db(), ['bob'])}/complete`,
    }),
    // The caller interviews: everyone gives feedback on an interview they are asked to.
    submit_interview_feedback: async (who) => ({
      method: 'POST',
      url: `/api/ats/interviews/${await atsInterviewOf(db(), [who])}/feedback`,
      payload: { recommendation: 'yes' },
    }),
    create_offer: async () => ({
      method: 'POST',
      url: `/api/ats/applications/${await application('offer')}/offers`,
      payload: {
        startDate: addDays(await todayOf(db(), 'hr'), 30),
        annualMinor: 7_000_000,
        currency: 'EUR',
      },
    }),
    get_offer: async () => ({ method: 'GET', url: `/api/ats/offers/${await atsOfferOf(db(), 'PENDING')}` }),
    withdraw_offer: async () => ({
      method: 'POST',
      url: `/api/ats/offers/${await atsOfferOf(db(), 'PENDING')}/withdraw`,
    }),
    accept_offer: async () => ({
      method: 'POST',
      url: `/api/ats/offers/${await atsOfferOf(db(), 'APPROVED')}/accept`,
    }),
    decline_offer: async () => ({
      method: 'POST',
      url: `/api/ats/offers/${await atsOfferOf(db(), 'APPROVED')}/decline`,
    }),
  };
}
