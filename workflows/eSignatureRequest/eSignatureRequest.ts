import {
  condition,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { svcHrStatus } from '../searchAttributes';
import { signatureRequestChangedSignal, type ESignatureRequestInput, type ESignatureRequestResult } from './messages';

// Short database transactions, idempotent: retried without end, as the other date workflows'.
const { readSignatureRequest, expireSignatureRequest, remindSignatureSigner } = proxyActivities<Activities>({
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * A signature request (id `e-signature/<tenant>/<id>`), from asked to completed, declined or expired. The engine
 * records each signature and decline and signals `changed`; the workflow waits on durable timers for whichever
 * comes first, the current signer's next reminder or the expiry, and sends the reminder or expires the request
 * (each step checks, under the request's lock, that its moment came and nothing changed meanwhile).
 */
export async function eSignatureRequest(input: ESignatureRequestInput): Promise<ESignatureRequestResult> {
  const ref = { tenantId: input.tenantId, requestId: input.requestId };
  let unread = 0;
  setHandler(signatureRequestChangedSignal, () => {
    unread += 1;
  });
  let reminders = 0;
  let published: string | undefined;
  for (;;) {
    unread = 0;
    const s = await readSignatureRequest(ref);
    const status = s?.status ?? 'MISSING';
    if (status !== published) {
      upsertSearchAttributes([{ key: svcHrStatus, value: status.toUpperCase() }]);
      published = status;
    }
    if (!s || s.status !== 'pending') {
      setCurrentDetails(s ? `"${s.title}": ${s.status}.` : 'The request no longer exists.');
      return { status: s?.status ?? null, reminders };
    }
    setCurrentDetails(`"${s.title}": waiting for signer ${s.currentPosition} of ${s.signerCount}.`);
    const expiryFirst = s.msUntilExpiry <= s.msUntilReminder;
    const wait = expiryFirst ? s.msUntilExpiry : s.msUntilReminder;
    const summary = expiryFirst ? 'Wait for a signature, or the expiry' : 'Wait for a signature, or the reminder';
    const changed = wait > 0 && (await condition(() => unread > 0, wait, { summary }));
    if (changed) continue;
    if (expiryFirst) {
      await expireSignatureRequest(ref);
    } else if ((await remindSignatureSigner({ ...ref, position: s.currentPosition })) === 'done') {
      reminders += 1;
    }
  }
}
