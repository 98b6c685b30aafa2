import type { Prisma } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';

/**
 * Notifications of E-Signatures, written in the transaction of the change they tell about: the signer whose turn
 * it is (and again, as a reminder, while it stays their turn), and the requester when the request ends: completed,
 * declined or expired.
 */
export const eSignatureNotificationKinds = [
  'e_signatures.signature_requested',
  'e_signatures.request_completed',
  'e_signatures.request_declined',
  'e_signatures.request_expired',
] as const;
export type ESignatureNotificationKind = (typeof eSignatureNotificationKinds)[number];

export interface ESignatureNotice {
  kind: ESignatureNotificationKind;
  tenantId: string;
  userId: string;
  request: { id: string; title: string; documentId: string };
  /** A reminder of a turn already announced. */
  reminder?: boolean;
}

function texts(n: ESignatureNotice): { title: string; body: string } {
  const what = `"${n.request.title}"`;
  switch (n.kind) {
    case 'e_signatures.signature_requested':
      return n.reminder
        ? { title: `Reminder: please sign ${what}`, body: `${what} still waits for your signature.` }
        : { title: `Please sign ${what}`, body: `It is your turn to sign ${what}.` };
    case 'e_signatures.request_completed':
      return { title: `Signed: ${what}`, body: `Every signer signed ${what}; the signed PDF is ready.` };
    case 'e_signatures.request_declined':
      return { title: `Declined: ${what}`, body: `A signer declined ${what}; the request has ended.` };
    case 'e_signatures.request_expired':
      return { title: `Expired: ${what}`, body: `${what} expired before every signer signed.` };
  }
}

/** Writes one notification of E-Signatures. */
export async function notifyESignature(tx: Prisma.TransactionClient, notice: ESignatureNotice): Promise<void> {
  await writeNotifications(tx, [
    {
      tenantId: notice.tenantId,
      userId: notice.userId,
      kind: notice.kind,
      ...texts(notice),
      data: { requestId: notice.request.id, documentId: notice.request.documentId },
    },
  ]);
}
