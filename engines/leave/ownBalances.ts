import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { canSeeEmployee } from '../access/visibility';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { balanceView, type BalanceView } from './balances';
import { yearOf } from './dates';
import { activePolicies } from './policies';
import { tenantToday } from './tenantCalendar';

export interface PolicyBalance extends BalanceView {
  policyId: string;
  policyName: string;
  kind: string;
  year: number;
}

/**
 * The actor's own balance under each active policy for `year` (default: the current year of the tenant's
 * calendar), default policy first. A year not touched yet shows the policy's yearly allocation, which is what a
 * request would find (see balanceView).
 */
export async function ownBalances(
  prisma: PrismaClient,
  actor: Actor,
  year: number | undefined,
  clock: Clock,
): Promise<{ year: number; balances: PolicyBalance[] }> {
  const self = actor.employee;
  if (!self) throw new AppError('forbidden', 'Only employees have leave balances: this user has no employee record');
  return balancesOf(prisma, actor.tenant.id, self.id, year, clock);
}

/**
 * The balances of an employee `actor` may see (company API, Leave): the same numbers as their own
 * /api/v1/leave/balances shows them. 404 for anyone the actor may not see.
 */
export async function employeeBalances(
  prisma: PrismaClient,
  actor: Actor,
  employeeId: string,
  year: number | undefined,
  clock: Clock,
): Promise<{ year: number; balances: PolicyBalance[] }> {
  if (!(await canSeeEmployee(prisma, actor, employeeId))) throw new AppError('not_found', `No person ${employeeId}`);
  return balancesOf(prisma, actor.tenant.id, employeeId, year, clock);
}

async function balancesOf(
  prisma: PrismaClient,
  tenantId: string,
  employeeId: string,
  year: number | undefined,
  clock: Clock,
): Promise<{ year: number; balances: PolicyBalance[] }> {
  const balanceYear = year ?? yearOf((await tenantToday(prisma, tenantId, clock)).today);
  const policies = await activePolicies(prisma, tenantId);
  const rows = await prisma.leaveBalance.findMany({ where: { tenantId, employeeId, year: balanceYear } });
  return {
    year: balanceYear,
    balances: policies.map((policy) => ({
      policyId: policy.id,
      policyName: policy.name,
      kind: policy.kind,
      year: balanceYear,
      ...balanceView(
        rows.find((r) => r.policyId === policy.id),
        policy,
      ),
    })),
  };
}
