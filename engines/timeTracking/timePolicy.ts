import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';

/** A tenant's working-time rules (prisma TimeTrackingPolicy); the defaults when it configured none. */
export interface TimeTrackingPolicyView {
  dailyTargetMinutes: number;
  dailyLimitMinutes: number;
  weeklyLimitMinutes: number;
  minBreakMinutes: number;
  forgottenAfterMinutes: number;
  overtimeRatePercent: number;
  configured: boolean;
}

export type TimeTrackingPolicyInput = Omit<TimeTrackingPolicyView, 'configured'>;

/** Eight hours a day, ten at most, 48 a week, a half-hour break on a day over six hours: the common EU defaults. */
export const defaultTimeTrackingPolicy: TimeTrackingPolicyInput = {
  dailyTargetMinutes: 480,
  dailyLimitMinutes: 600,
  weeklyLimitMinutes: 2880,
  minBreakMinutes: 30,
  forgottenAfterMinutes: 720,
  overtimeRatePercent: 125,
};

/**
 * The tenant's Time Tracking policy, or the defaults. Payroll reads the overtime rate here
 * (`overtimeRatePercent`), the timesheets the target and limits, the forgotten clock-out watch its delay.
 */
export async function timeTrackingPolicyOf(db: Db, tenantId: string): Promise<TimeTrackingPolicyView> {
  const row = await db.timeTrackingPolicy.findUnique({ where: { tenantId } });
  if (!row) return { ...defaultTimeTrackingPolicy, configured: false };
  return {
    dailyTargetMinutes: row.dailyTargetMinutes,
    dailyLimitMinutes: row.dailyLimitMinutes,
    weeklyLimitMinutes: row.weeklyLimitMinutes,
    minBreakMinutes: row.minBreakMinutes,
    forgottenAfterMinutes: row.forgottenAfterMinutes,
    overtimeRatePercent: row.overtimeRatePercent,
    configured: true,
  };
}

/**
 * Sets the policy (HR roles). Figures already fixed (submitted timesheets) keep theirs; days read from now on use
 * the new target and limits, and clock-ins from now on the new forgotten clock-out delay.
 */
export async function setTimeTrackingPolicy(
  prisma: PrismaClient,
  actor: Actor,
  input: TimeTrackingPolicyInput,
): Promise<TimeTrackingPolicyView> {
  requireHrRole(actor, 'change the Time Tracking policy');
  if (input.dailyLimitMinutes < input.dailyTargetMinutes) {
    throw new AppError('validation_error', 'dailyLimitMinutes: must be at least dailyTargetMinutes');
  }
  if (input.weeklyLimitMinutes < input.dailyLimitMinutes) {
    throw new AppError('validation_error', 'weeklyLimitMinutes: must be at least dailyLimitMinutes');
  }
  await prisma.timeTrackingPolicy.upsert({
    where: { tenantId: actor.tenant.id },
    create: { tenantId: actor.tenant.id, ...input },
    update: input,
  });
  return timeTrackingPolicyOf(prisma, actor.tenant.id);
}
