import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { canSeeEmployee } from '../access/visibility';
import { AppError } from '../appError';
import { moveBalance } from './balances';
import { lockEmployee } from '../people/employeeLock';
import { resolvePolicy, type PolicyChoice } from './policies';

/**
 * An adjustment of an employee's allowance for one policy and year (company API, Leave): days added to (or, negative,
 * taken from) `allocated`, with the reason in the ledger, by HR_MANAGER, ADMIN or OWNER. Under the employee's lock,
 * like every leave write, so it cannot interleave with a request's balance check. Refuses an adjustment that would
 * leave less allocated than is already pending and used, unless the policy allows a negative balance.
 */
export async function adjustAllowance(
  prisma: PrismaClient,
  actor: Actor,
  input: PolicyChoice & { employeeId: string; year: number; days: number; reason: string },
): Promise<{ employeeId: string; policyId: string; year: number; allocated: number; pending: number; used: number }> {
  requireHrRole(actor, 'adjust leave allowances');
  if (!(await canSeeEmployee(prisma, actor, input.employeeId))) {
    throw new AppError('validation_error', `employeeId: no employee ${input.employeeId} in this workspace`);
  }
  const tenantId = actor.tenant.id;
  const policy = await resolvePolicy(prisma, tenantId, input);
  return prisma.$transaction(async (tx) => {
    await lockEmployee(tx, tenantId, input.employeeId);
    const owner = { tenantId, employeeId: input.employeeId, policy };
    await moveBalance(tx, owner, [{ year: input.year, kind: 'adjustment', bucket: 'allocated', days: input.days }], {
      note: input.reason,
    });
    const balance = await tx.leaveBalance.findUniqueOrThrow({
      where: { employeeId_policyId_year: { employeeId: input.employeeId, policyId: policy.id, year: input.year } },
    });
    if (!policy.allowNegativeBalance && balance.allocated < balance.pending + balance.used) {
      throw new AppError(
        'conflict',
        `days: ${balance.pending + balance.used} days are already pending or used in ${input.year}; the allowance cannot go below that`,
      );
    }
    return {
      employeeId: input.employeeId,
      policyId: policy.id,
      year: input.year,
      allocated: balance.allocated,
      pending: balance.pending,
      used: balance.used,
    };
  });
}
