import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { AppError } from '../appError';
import type { Actor } from './actor';
import { isHrRole, visibilityOf } from './roles';
import { canSeeEmployee, visibleEmployeesFilter } from './visibility';

/**
 * Who does what in Learning (company-api.md, Learning). Courses and sessions are read by everyone and written by
 * HR; an enrolment is seen by whoever sees its person (self, team, department, workspace) and written by the
 * person, HR, or the manager or director who sees them; only HR takes someone off a required training.
 */

/** The enrolments `actor` may read: those of the people their role shows them. */
export async function visibleEnrolmentsFilter(prisma: PrismaClient, actor: Actor): Promise<Prisma.EnrolmentWhereInput> {
  const tenantId = actor.tenant.id;
  if (visibilityOf(actor.user.role) === 'workspace') return { tenantId };
  const people = await prisma.employee.findMany({
    where: await visibleEmployeesFilter(prisma, actor),
    select: { id: true },
  });
  return { tenantId, employeeId: { in: people.map((p) => p.id) } };
}

/**
 * Enrolling `employeeId`: oneself; HR anyone; a manager or director the people they see. 404 for a person the
 * caller may not see (no existence leak), 403 for a colleague an employee sees (none today, but a rule by role).
 */
export async function requireMayEnrol(prisma: PrismaClient, actor: Actor, employeeId: string): Promise<void> {
  if (actor.employee?.id === employeeId) return;
  if (!(await canSeeEmployee(prisma, actor, employeeId))) throw new AppError('not_found', `No person ${employeeId}`);
  if (actor.user.role === 'EMPLOYEE') throw new AppError('forbidden', 'An employee enrols only themself');
}

/** Recording a completion: the person themself or HR (a manager vouches for nothing). */
export function requireMayComplete(actor: Actor, enrolment: { employeeId: string }): void {
  if (actor.employee?.id === enrolment.employeeId || isHrRole(actor.user.role)) return;
  throw new AppError('forbidden', 'Only the person themself or HR records a completion');
}

/**
 * Cancelling an enrolment: HR any; the person, or who enrolled them, one they chose (a required training is
 * HR's to lift: it would only be assigned again).
 */
export function requireMayCancel(
  actor: Actor,
  enrolment: { employeeId: string; createdByUserId: string; requirementId: string | null },
): void {
  if (isHrRole(actor.user.role)) return;
  if (enrolment.requirementId !== null) throw new AppError('forbidden', 'Only HR cancels a required training');
  if (actor.employee?.id === enrolment.employeeId || actor.user.id === enrolment.createdByUserId) return;
  throw new AppError('forbidden', 'Only the person, who enrolled them, or HR cancels an enrolment');
}

/** Choosing or changing the session of an enrolment: the person, who enrolled them, or HR (a required one too). */
export function requireMayChooseSession(
  actor: Actor,
  enrolment: { employeeId: string; createdByUserId: string },
): void {
  if (isHrRole(actor.user.role)) return;
  if (actor.employee?.id === enrolment.employeeId || actor.user.id === enrolment.createdByUserId) return;
  throw new AppError('forbidden', 'Only the person, who enrolled them, or HR chooses the session');
}
