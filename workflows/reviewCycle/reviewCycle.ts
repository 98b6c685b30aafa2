import {
  condition,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { ReviewCycleSnapshot } from '../../activities/performance';
import { svcHrStatus } from '../searchAttributes';
import { reviewCycleChangedSignal, type ReviewCycleInput, type ReviewCycleResult } from './messages';

// Short database transactions, idempotent (a no-op once done or before their day): retried without end.
const options: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
};
const { readReviewCycle } = proxyActivities<Activities>({ ...options, summary: 'Read the review cycle' });
const { openReviewCycle } = proxyActivities<Activities>({ ...options, summary: 'Open the reviews' });
const { remindReviewers } = proxyActivities<Activities>({ ...options, summary: 'Remind the reviewers, once' });
const { closeReviewCycle } = proxyActivities<Activities>({
  ...options,
  summary: 'Close the cycle: open reviews expire',
});

/** One line for the Temporal UI's "current details". */
function describe(s: ReviewCycleSnapshot | null): string {
  if (!s) return 'The review cycle does not exist (any more).';
  if (s.status === 'SCHEDULED') return `${s.name}: waiting for ${s.opensOn} to open the reviews.`;
  if (s.status === 'OPEN') {
    const next = s.remindPending ? `reminder on ${s.remindOn}` : `closing when ${s.closesAt} begins`;
    return `${s.name}: open, ${next}.`;
  }
  return `${s.name}: ${s.status.toLowerCase()}.`;
}

/**
 * A review cycle (id `review-cycle/<tenant>/<id>`), the business process: sleep until the opening day begins and
 * open the reviews; sleep until the reminder day and remind the reviewers of open reviews, once; sleep until the day
 * after the last one and close the cycle (open reviews expire). Each timer runs on the tenant's calendar (or the
 * test time scale). A cancellation (`changed`) wakes it to read again, and ends it. HR releases a closed cycle
 * through the API; nothing of that waits here.
 */
export async function reviewCycle(input: ReviewCycleInput): Promise<ReviewCycleResult> {
  const ref = {
    tenantId: input.tenantId,
    cycleId: input.cycleId,
    workflowStartedAt: workflowInfo().startTime.getTime(),
  };
  let unread = 0;
  setHandler(reviewCycleChangedSignal, () => {
    unread += 1;
  });
  let published: string | undefined;
  const read = async (): Promise<ReviewCycleSnapshot | null> => {
    unread = 0;
    const snapshot = await readReviewCycle(ref);
    setCurrentDetails(describe(snapshot));
    const status = snapshot?.status ?? 'MISSING';
    if (status !== published) {
      upsertSearchAttributes([{ key: svcHrStatus, value: status }]);
      published = status;
    }
    return snapshot;
  };
  const sleepUntil = async (ms: number, summary: string) =>
    ms <= 0 || !(await condition(() => unread > 0, ms, { summary }));

  let snapshot = await read();
  while (snapshot?.status === 'SCHEDULED' || snapshot?.status === 'OPEN') {
    if (snapshot.status === 'SCHEDULED') {
      if (await sleepUntil(snapshot.msUntilOpen, 'Wait for the opening day')) await openReviewCycle(ref);
    } else if (snapshot.remindPending) {
      if (await sleepUntil(snapshot.msUntilRemind, 'Wait for the reminder day')) await remindReviewers(ref);
    } else if (await sleepUntil(snapshot.msUntilClose, 'Wait for the day after the last one')) {
      await closeReviewCycle(ref);
    }
    snapshot = await read();
  }
  return { status: snapshot?.status ?? null };
}
