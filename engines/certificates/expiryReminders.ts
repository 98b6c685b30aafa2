import type { PrismaClient } from '../../db/prismaClient';
import { hrRoles } from '../access/roles';
import { fromDbDate, type IsoDate } from '../leave/dates';
import { emitCertificatesWebhookEvent } from '../webhooks/emitters';
import { notifyExpiry } from './certificationNotifications';
import type { CertificationExpiryRef } from './expiryPort';
import { expiryReminderKinds, type ExpiryReminderKind } from './expiryReminderKinds';

/** What the expiry workflow reads of its certification: its expiry date, the reminders already sent for it. */
export interface CertificationExpiryState {
  name: string;
  employeeName: string;
  expiryDate: IsoDate | null;
  timeZone: string;
  sent: ExpiryReminderKind[];
}

/** The certification's expiry as its workflow sees it; null once deleted. */
export async function certificationExpiryState(
  prisma: PrismaClient,
  ref: CertificationExpiryRef,
): Promise<CertificationExpiryState | null> {
  const row = await prisma.certification.findFirst({
    where: { id: ref.certificationId, tenantId: ref.tenantId },
    select: { name: true, expiryDate: true, employeeId: true },
  });
  if (!row) return null;
  const [tenant, employee] = await Promise.all([
    prisma.tenant.findUniqueOrThrow({ where: { id: ref.tenantId }, select: { timeZone: true } }),
    prisma.employee.findUniqueOrThrow({ where: { id: row.employeeId }, select: { name: true } }),
  ]);
  const sent = row.expiryDate
    ? await prisma.certificationReminder.findMany({
        where: { certificationId: ref.certificationId, expiryDate: row.expiryDate },
        select: { kind: true },
      })
    : [];
  return {
    name: row.name,
    employeeName: employee.name,
    expiryDate: row.expiryDate ? fromDbDate(row.expiryDate) : null,
    timeZone: tenant.timeZone,
    sent: expiryReminderKinds.filter((k) => sent.some((s) => s.kind === k)),
  };
}

/** What sending a reminder did: sent now, sent before (a retried activity), or no longer due (renewed, deleted). */
export type ReminderOutcome = 'sent' | 'already_sent' | 'stale';

/**
 * Sends one reminder of a certification's expiry, once: the CertificationReminder row (keyed by certification,
 * expiry date and kind) is written in the same transaction as the notifications and the webhook event, so a retried
 * or replayed activity finds it and sends nothing. A certification deleted, or renewed to another expiry date, since
 * the workflow read it gets nothing.
 */
export async function sendExpiryReminder(
  prisma: PrismaClient,
  ref: CertificationExpiryRef & { expiryDate: IsoDate; kind: ExpiryReminderKind },
): Promise<ReminderOutcome> {
  return prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT id::text AS id FROM certifications
      WHERE id = ${ref.certificationId}::uuid AND tenant_id = ${ref.tenantId}::uuid FOR UPDATE`;
    if (locked.length === 0) return 'stale';
    const cert = await tx.certification.findUniqueOrThrow({ where: { id: ref.certificationId } });
    if (!cert.expiryDate || fromDbDate(cert.expiryDate) !== ref.expiryDate) return 'stale';
    const inserted = await tx.$executeRaw`
      INSERT INTO certification_reminders (certification_id, tenant_id, expiry_date, kind)
      VALUES (${cert.id}::uuid, ${cert.tenantId}::uuid, ${ref.expiryDate}::date, ${ref.kind})
      ON CONFLICT DO NOTHING`;
    if (inserted === 0) return 'already_sent';
    const holder = await tx.employee.findUniqueOrThrow({
      where: { id: cert.employeeId },
      select: { name: true, userId: true, manager: { select: { userId: true } } },
    });
    let responsible: string[] = [];
    if (ref.kind === 'expired' && cert.required) {
      const manager = holder.manager?.userId;
      responsible = manager
        ? [manager]
        : (
            await tx.user.findMany({
              where: { tenantId: cert.tenantId, role: { in: [...hrRoles] }, deactivatedAt: null },
              select: { id: true },
            })
          ).map((u) => u.id);
    }
    await notifyExpiry(tx, cert, ref.expiryDate, ref.kind, {
      holderUserId: holder.userId,
      holderName: holder.name,
      responsibleUserIds: responsible,
    });
    await emitCertificatesWebhookEvent(
      tx,
      ref.kind === 'expired' ? 'certificates.certification.expired' : 'certificates.certification.expiring',
      {
        tenantId: cert.tenantId,
        employeeId: cert.employeeId,
        record: {
          certificationId: cert.id,
          kind: cert.kind,
          name: cert.name,
          expiryDate: ref.expiryDate,
          reminder: ref.kind,
          required: cert.required,
        },
      },
    );
    return 'sent';
  });
}
