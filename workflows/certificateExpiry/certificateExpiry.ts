import {
  condition,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { CertificationExpirySnapshot, ExpiryReminderKind } from '../../activities/certificates';
import { svcHrStatus } from '../searchAttributes';
import { certificationChangedSignal, type CertificateExpiryInput, type CertificateExpiryResult } from './messages';

// Short database transactions, idempotent: retried without end, as the other date workflows'.
const { readCertificationExpiry, sendCertificationReminder } = proxyActivities<Activities>({
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/** The reminders still to send for one expiry date, in order, as the first read of that date planned them. */
class ReminderPlan {
  expiryDate: string | null = null;
  private pending: ExpiryReminderKind[] = [];

  /**
   * A new expiry date plans the reminders whose day has not begun yet and that were not sent: one whose moment had
   * passed when the date was first seen is never sent late. The same date read again keeps its plan, so a reminder
   * whose timer fired while no worker ran is still sent when one comes back.
   */
  follow(snapshot: CertificationExpirySnapshot): void {
    if (snapshot.expiryDate === this.expiryDate) {
      this.pending = this.pending.filter((kind) => !snapshot.reminders.some((r) => r.kind === kind && r.sent));
      return;
    }
    this.expiryDate = snapshot.expiryDate;
    this.pending = snapshot.reminders.filter((r) => r.msUntilDue > 0 && !r.sent).map((r) => r.kind);
  }

  next(): ExpiryReminderKind | undefined {
    return this.pending[0];
  }

  done(kind: ExpiryReminderKind): void {
    this.pending = this.pending.filter((k) => k !== kind);
  }
}

/**
 * The expiry of one certification (id `certificate-expiry/<tenant>/<id>`): it sleeps on durable timers until the
 * day 60, 30 and 7 days before the expiry date begins, and the expiry date itself, and sends each reminder once
 * (the activity records it with its notifications). A change of the certification (`changed`: renewed, its expiry
 * removed, deleted) wakes it to read again; it ends when nothing is left to send.
 */
export async function certificateExpiry(input: CertificateExpiryInput): Promise<CertificateExpiryResult> {
  const ref = { tenantId: input.tenantId, certificationId: input.certificationId };
  const workflowStartedAt = workflowInfo().startTime.getTime();
  let unread = 0;
  setHandler(certificationChangedSignal, () => {
    unread += 1;
  });
  const plan = new ReminderPlan();
  const sent: string[] = [];
  let published: string | undefined;

  for (;;) {
    unread = 0;
    const snapshot = await readCertificationExpiry({ ...ref, workflowStartedAt });
    if (!snapshot?.expiryDate) {
      setCurrentDetails(snapshot ? 'The certification no longer expires.' : 'The certification was deleted.');
      upsertSearchAttributes([{ key: svcHrStatus, value: snapshot ? 'NO_EXPIRY' : 'DELETED' }]);
      return { expiryDate: null, sent };
    }
    plan.follow(snapshot);
    const kind = plan.next();
    const what = `${snapshot.employeeName}'s ${snapshot.name}, expiring on ${snapshot.expiryDate}`;
    const status = kind ? `WAITING_${kind.toUpperCase()}` : 'DONE';
    if (status !== published) {
      upsertSearchAttributes([{ key: svcHrStatus, value: status }]);
      published = status;
    }
    if (!kind) {
      setCurrentDetails(`${what}: every reminder due was sent.`);
      return { expiryDate: snapshot.expiryDate, sent };
    }
    setCurrentDetails(`${what}: next reminder ${kind}.`);
    const wait = snapshot.reminders.find((r) => r.kind === kind)!.msUntilDue;
    const changed = wait > 0 && (await condition(() => unread > 0, wait, { summary: `Wait for the ${kind} reminder` }));
    if (changed) continue;
    const outcome = await sendCertificationReminder({ ...ref, expiryDate: snapshot.expiryDate, kind });
    // Already sent: by an earlier attempt of this very step (a worker died before reporting it).
    if (outcome !== 'stale') sent.push(kind);
    plan.done(kind);
  }
}
