import type { LeavePolicy } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';
import { emitLeaveSetupWebhookEvent } from '../webhooks/emitters';

/**
 * Leave policies (leave types) as HR edits them (company API, Leave). A change applies to requests made after it:
 * a request keeps the days it was counted with, and a year's balance keeps the allocation it was granted (only a
 * year without a balance row yet gets the new `yearlyAllocationDays`). One policy is the default (a request that
 * names none gets it): making another the default moves the mark; the default is never retired nor unmarked alone.
 */

export const policyKinds = ['annual', 'sick', 'unpaid', 'parental', 'other'] as const;

export interface PolicyFields {
  name?: string | undefined;
  kind?: (typeof policyKinds)[number] | undefined;
  isDefault?: boolean | undefined;
  yearlyAllocationDays?: number | undefined;
  allowHalfDays?: boolean | undefined;
  allowNegativeBalance?: boolean | undefined;
  carryOverMaxDays?: number | undefined;
  minNoticeDays?: number | undefined;
  maxPastDays?: number | undefined;
  requiresApproval?: boolean | undefined;
  active?: boolean | undefined;
}

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export async function createLeavePolicy(
  prisma: PrismaClient,
  actor: Actor,
  input: PolicyFields & { name: string; kind: (typeof policyKinds)[number]; yearlyAllocationDays: number },
): Promise<LeavePolicy> {
  requireHrRole(actor, 'change leave policies');
  const tenantId = actor.tenant.id;
  return prisma.$transaction(async (tx) => {
    if (input.isDefault)
      await tx.leavePolicy.updateMany({ where: { tenantId, isDefault: true }, data: { isDefault: false } });
    const { active: _active, ...fields } = input;
    const policy = await tx.leavePolicy.create({
      data: {
        ...defined(fields),
        name: input.name,
        kind: input.kind,
        yearlyAllocationDays: input.yearlyAllocationDays,
        tenantId,
      },
    });
    await emitLeaveSetupWebhookEvent(tx, 'leave.policy.created', tenantId, {
      policy: { id: policy.id, name: policy.name },
    });
    return policy;
  });
}

export async function updateLeavePolicy(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: PolicyFields,
): Promise<LeavePolicy> {
  const tenantId = actor.tenant.id;
  const current = await prisma.leavePolicy.findFirst({ where: { id, tenantId } });
  if (!current) throw new AppError('not_found', `No leave policy ${id}`);
  requireHrRole(actor, 'change leave policies');
  if (current.isDefault && input.isDefault === false) {
    throw new AppError('conflict', 'This is the default policy; make another policy the default instead');
  }
  if (current.isDefault && input.active === false) {
    throw new AppError('conflict', 'The default policy cannot be retired; make another policy the default first');
  }
  if (input.isDefault && input.active === false) {
    throw new AppError('validation_error', 'active: a retired policy cannot be the default');
  }
  if (input.isDefault && !current.active && input.active !== true) {
    throw new AppError('conflict', 'This policy is retired; set active too to make it the default');
  }
  return prisma.$transaction(async (tx) => {
    if (input.isDefault && !current.isDefault) {
      await tx.leavePolicy.updateMany({ where: { tenantId, isDefault: true }, data: { isDefault: false } });
    }
    const policy = await tx.leavePolicy.update({ where: { id }, data: defined(input) });
    await emitLeaveSetupWebhookEvent(tx, 'leave.policy.updated', tenantId, {
      policy: { id: policy.id, name: policy.name },
    });
    return policy;
  });
}
