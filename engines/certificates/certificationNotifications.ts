import type { Prisma } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';
import type { ExpiryReminderKind } from './expiryReminderKinds';

/**
 * Notifications of a certification's expiry, written in the transaction that records the reminder as sent. The
 * holder is told at each reminder; when a required one expires, their manager (HR where they have none) is told too,
 * flagged (`data.flagged`), as the one who has to act on it. (An employment certificate issued for someone by
 * another tells them too: employmentCertificates.ts.)
 */
export const certificationNotificationKinds = [
  'certificates.expiring',
  'certificates.expired',
  'certificates.required_expired',
  'certificates.employment_certificate_issued',
] as const;

interface Subject {
  id: string;
  tenantId: string;
  employeeId: string;
  kind: string;
  name: string;
  required: boolean;
}

const inDays: Record<Exclude<ExpiryReminderKind, 'expired'>, string> = { '60d': '60', '30d': '30', '7d': '7' };

/** Writes the holder's notification and, for an expired required one, the flagged ones of `responsibleUserIds`. */
export async function notifyExpiry(
  tx: Prisma.TransactionClient,
  cert: Subject,
  expiryDate: string,
  reminder: ExpiryReminderKind,
  people: { holderUserId: string | null; holderName: string; responsibleUserIds: readonly string[] },
): Promise<void> {
  const data = { certificationId: cert.id, employeeId: cert.employeeId, expiryDate, reminder };
  const rows = [];
  if (people.holderUserId) {
    rows.push({
      tenantId: cert.tenantId,
      userId: people.holderUserId,
      kind: reminder === 'expired' ? 'certificates.expired' : 'certificates.expiring',
      title:
        reminder === 'expired'
          ? `Your ${cert.kind} ${cert.name} has expired`
          : `Your ${cert.kind} ${cert.name} expires in ${inDays[reminder]} days`,
      body:
        reminder === 'expired'
          ? `It expired on ${expiryDate}. Record the renewed one to keep your records current.`
          : `It expires on ${expiryDate}. Renew it in time, then record the new expiry date.`,
      data,
    });
  }
  if (reminder === 'expired' && cert.required) {
    for (const userId of new Set(people.responsibleUserIds)) {
      if (userId === people.holderUserId) continue;
      rows.push({
        tenantId: cert.tenantId,
        userId,
        kind: 'certificates.required_expired',
        title: `Required ${cert.kind} expired: ${people.holderName}`,
        body: `${people.holderName}'s ${cert.kind} ${cert.name}, which their role requires, expired on ${expiryDate}.`,
        data: { ...data, flagged: true },
      });
    }
  }
  if (rows.length > 0) await writeNotifications(tx, rows);
}
