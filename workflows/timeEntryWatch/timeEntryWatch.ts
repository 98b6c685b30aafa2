import {
  condition,
  proxyActivities,
  setHandler,
  sleep,
  upsertSearchAttributes,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { svcHrStatus } from '../searchAttributes';
import { entryClosedSignal, type TimeEntryWatchInput, type TimeEntryWatchResult } from './messages';

// Short database transactions, idempotent: retried without end, like the approval workflow's.
const options: ActivityOptions = {
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
};
const { readTimeEntryWatch } = proxyActivities<Activities>({ ...options, summary: 'Read the time entry' });
const { flagForgottenClockOut } = proxyActivities<Activities>({ ...options, summary: 'Flag a forgotten clock-out' });

/**
 * Watches one open clock entry (id `time-entry/<tenant>/<entry>`): sleeps until it has been open the policy's
 * `forgottenAfterMinutes`, then, if it is still open, flags it as a forgotten clock-out (the person and their
 * manager are told). It never closes the entry. A clock-out signals it, so it ends at once instead of sleeping on.
 * The due time is fixed at the first reading, as a durable timer (which a test time scale shortens).
 */
export async function timeEntryWatch(input: TimeEntryWatchInput): Promise<TimeEntryWatchResult> {
  const ref = { tenantId: input.tenantId, entryId: input.entryId };
  let changed = false;
  let due = false;
  setHandler(entryClosedSignal, () => {
    changed = true;
  });
  const publish = (status: string) => upsertSearchAttributes([{ key: svcHrStatus, value: status }]);
  publish('OPEN');
  let state = await readTimeEntryWatch(ref);
  if (state?.open && !state.flagged) {
    if (state.dueInMs <= 0) due = true;
    else {
      void sleep(state.dueInMs, { summary: 'Wait until the clock-out is overdue' }).then(() => {
        due = true;
      });
    }
  }
  while (state?.open && !state.flagged) {
    if (due) {
      const outcome = await flagForgottenClockOut(ref);
      publish(outcome.toUpperCase());
      return { outcome };
    }
    // Woken by a clock-out (the entry is read again, and the watch ends), or at the due time.
    await condition(() => changed || due);
    changed = false;
    state = await readTimeEntryWatch(ref);
  }
  const outcome = !state ? 'missing' : state.flagged ? 'flagged' : 'closed';
  publish(outcome.toUpperCase());
  return { outcome };
}
