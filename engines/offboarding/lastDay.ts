import type { PrismaClient } from '../../db/prismaClient';
import { fromUtcDate, type IsoDate } from '../../lib/calendar/isoDate';
import { requestCancelOfUserRuns } from '../agent/cancelRun';
import { AppError } from '../appError';
import { notifyLeaverDeactivated } from '../lifecycle/lifecycleNotifications';
import type { LifecycleProcessRef } from '../lifecycle/lifecyclePort';
import { processFacts } from '../lifecycle/processEvents';
import { lockProcess } from '../lifecycle/processes';
import { deactivateUserAsSystem, type RevokedCredential } from '../users/users';
import { emitLifecycleWebhookEvent } from '../webhooks/emitters';

export type LastDayOutcome =
  /** Not an active offboarding past its last day (cancelled, not yet, already done): nothing was done. */
  | { done: false; why: string }
  | { done: true; deactivated: boolean; revoked: number; cancelledRunWorkflowIds: string[] };

/**
 * What a leaver's last day does, once, when `today` (the tenant's day, test-scaled in tests) is past the last day:
 * their user is deactivated by the users engine's rules, as the system (every credential revoked: tokens, delegated
 * and integration credentials, the company API keys they made, which also get creatorLeftAt), their agent runs that
 * are not over are asked to cancel (the caller tells their workflows, answered here), HR is told what was revoked,
 * and `offboarding.user.deactivated` goes out. Recorded on the process (deactivatedAt, revokedCredentials) under its
 * lock, so a retry or a second workflow does nothing more, and a cancel taken first wins.
 */
export async function deactivateLeaver(
  prisma: PrismaClient,
  ref: LifecycleProcessRef,
  today: IsoDate,
  now: Date,
): Promise<LastDayOutcome> {
  return prisma.$transaction(async (tx) => {
    const process = await lockProcess(tx, ref.tenantId, ref.processId);
    if (process.kind !== 'offboarding') return { done: false, why: 'not an offboarding' };
    if (process.status === 'CANCELLED') return { done: false, why: 'cancelled' };
    if (process.deactivatedAt) return { done: false, why: 'already done' };
    if (today <= fromUtcDate(process.anchorDate)) return { done: false, why: 'the last day has not passed' };
    const leaver = await tx.employee.findUniqueOrThrow({
      where: { id: process.employeeId },
      select: { name: true, userId: true },
    });
    let revoked: RevokedCredential[] = [];
    let deactivated = false;
    let runs: string[] = [];
    if (leaver.userId) {
      try {
        const result = await deactivateUserAsSystem(tx, ref.tenantId, leaver.userId, now);
        deactivated = result !== null;
        revoked = result?.revoked ?? [];
      } catch (error) {
        // The workspace's last active OWNER stays (the users engine's rule): HR is told below that nothing was revoked.
        if (!(error instanceof AppError && error.code === 'conflict')) throw error;
      }
      const companyKeys = revoked.filter((c) => c.kind === 'company_api_key');
      if (companyKeys.length > 0) {
        await tx.credential.updateMany({
          where: { id: { in: companyKeys.map((k) => k.id) } },
          data: { creatorLeftAt: now },
        });
      }
      if (deactivated) runs = await requestCancelOfUserRuns(tx, ref.tenantId, leaver.userId, `${leaver.name} has left`);
    }
    const updated = await tx.lifecycleProcess.update({
      where: { id: process.id },
      data: { deactivatedAt: now, revokedCredentials: revoked.length },
    });
    await notifyLeaverDeactivated(tx, process, leaver, {
      deactivated,
      total: revoked.length,
      companyKeys: revoked.filter((c) => c.kind === 'company_api_key').map(({ id, name }) => ({ id, name })),
    });
    await emitLifecycleWebhookEvent(tx, 'offboarding.user.deactivated', processFacts(updated), {
      userDeactivated: deactivated,
      revokedCredentials: revoked.length,
    });
    return { done: true, deactivated, revoked: revoked.length, cancelledRunWorkflowIds: runs };
  });
}
