import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
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
  const tenantId = actor.tenant.id;
  const balanceYear = year ?? yearOf((await tenantToday(prisma, tenantId, clock)).today);
  const policies = await activePolicies(prisma, tenantId);
  const rows = await prisma.leaveBalance.findMany({ where: { tenantId, employeeId: self.id, year: balanceYear } });
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
