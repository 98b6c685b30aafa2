import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { recruitsFor } from '../access/recruitingAccess';
import { AppError } from '../appError';
import { insertSalary } from '../compensation/salaries';
import { fromDbDate } from '../leave/dates';
import { createOnboardingProcess } from '../lifecycle/onboardingStart';
import type { EmploymentType } from '../people/personView';
import { insertPerson } from '../people/createPerson';
import { emitAtsWebhookEvent } from './atsWebhooks';
import { notifyAts, usersOfEmployees } from './atsNotifications';
import { lockApplication, recordStageChange } from './applications';
import { cancelScheduledInterviews } from './interviews';
import { offerViewOf, type OfferView } from './applicationViews';
import { lockOpening, moveOpening } from './jobOpenings';
import { lockOffer, offerNotice } from './offerApprovalSubject';
import { findVisibleOffer } from './offers';
import { stageMoveProblem } from './pipeline';

/**
 * A candidate accepts an APPROVED offer (recorded by a recruiter or HR), once. One transaction, under the locks of
 * the opening, the application and the offer (in that order, the order of every ATS writer): the employee is made
 * through People's rules (engines/people/createPerson.ts insertPerson: employee number, manager, e-mail free), the
 * offer's salary is their starting salary (Compensation), the application is `hired`, the offer ACCEPTED with the employee's id (unique, as is the application's), onboarding
 * begins (engines/lifecycle/onboardingStart.ts), and the opening closes itself when its last position is filled.
 * A second acceptance answers 409 naming ACCEPTED and the employee.
 */
export async function acceptOffer(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<{ offer: OfferView; employeeId: string; onboardingProcessId: string }> {
  const { offer: seen, opening: seenOpening } = await findVisibleOffer(prisma, actor, id);
  if (!recruitsFor(actor, seenOpening)) {
    throw new AppError('forbidden', 'Only HR and the opening’s recruiters record a candidate’s answer');
  }
  const tenantId = actor.tenant.id;
  return prisma.$transaction(async (tx) => {
    const opening = await lockOpening(tx, tenantId, seenOpening.id);
    const application = await lockApplication(tx, tenantId, seen.applicationId);
    const offer = await lockOffer(tx, tenantId, id);
    if (offer.status === 'ACCEPTED') {
      throw new AppError('conflict', `The offer is ACCEPTED already: employee ${offer.employeeId}`);
    }
    if (offer.status !== 'APPROVED') {
      throw new AppError('conflict', `The offer is ${offer.status}: only an APPROVED offer is accepted`);
    }
    const problem = stageMoveProblem('hire', application.stage, 'hired');
    if (problem) throw new AppError('conflict', problem);
    const hired = await tx.application.count({ where: { openingId: opening.id, stage: 'hired' } });
    if (hired >= opening.openings) {
      throw new AppError(
        'conflict',
        `The opening is ${opening.status}: all ${opening.openings} of its positions are filled`,
      );
    }
    const candidate = await tx.candidate.findUniqueOrThrow({ where: { id: application.candidateId } });
    const startDate = fromDbDate(offer.startDate);
    const employee = await insertPerson(tx, tenantId, {
      name: candidate.name,
      email: candidate.email,
      jobTitle: offer.jobTitle,
      hireDate: startDate,
      departmentId: offer.departmentId,
      managerId: offer.managerId,
      employmentType: offer.employmentType as EmploymentType,
      ...(candidate.phone ? { phone: candidate.phone } : {}),
    });
    const at = new Date();
    const accepted = await tx.offer.update({
      where: { id },
      data: { status: 'ACCEPTED', respondedAt: at, employeeId: employee.id },
    });
    await tx.application.update({
      where: { id: application.id },
      data: { stage: 'hired', stageChangedAt: at, employeeId: employee.id },
    });
    await recordStageChange(tx, application, 'hired', { userId: actor.user.id, note: `offer ${id} accepted`, at });
    await cancelScheduledInterviews(tx, tenantId, application.id);
    await insertSalary(tx, {
      tenantId,
      employeeId: employee.id,
      effectiveDate: startDate,
      annualMinor: offer.salaryMinor,
      currency: offer.currency,
      payBandId: null,
      reason: `Starting salary (offer ${id})`,
      createdByUserId: actor.user.id,
    });
    const onboarding = await createOnboardingProcess(tx, {
      tenantId,
      employeeId: employee.id,
      startDate,
      source: 'hire',
      offerId: id,
      createdByUserId: actor.user.id,
    });
    const team = await usersOfEmployees(tx, [opening.hiringManagerId, ...opening.recruiterIds]);
    const notice = await offerNotice(
      tx,
      accepted,
      `Employee number ${employee.employeeNumber}, starting ${startDate}.`,
    );
    await notifyAts(tx, team, 'ats.offer_accepted', notice);
    if (hired + 1 >= opening.openings && opening.status !== 'CLOSED') {
      await moveOpening(tx, opening, 'CLOSED', at);
      await notifyAts(tx, team, 'ats.opening_filled', notice);
    }
    await emitAtsWebhookEvent(tx, 'ats.offer.accepted', tenantId, {
      offerId: id,
      applicationId: application.id,
      employeeId: employee.id,
      status: 'ACCEPTED',
    });
    return { offer: offerViewOf(accepted), employeeId: employee.id, onboardingProcessId: onboarding.processId };
  });
}
