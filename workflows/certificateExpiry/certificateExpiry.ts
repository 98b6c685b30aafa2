import {
  condition,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { svcHrStatus } from '../searchAttributes';
import { certificationChangedSignal, type CertificateExpiryInput, type CertificateExpiryResult } from './messages';
import { ReminderPlan } from './reminderPlan';

// Short database transactions, idempotent: retried without end, as the other date workflows'.
const { readCertificationExpiry, sendCertificationReminder } = proxyActivities<Activities>({
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

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
