import {
  condition,
  continueAsNew,
  getExternalWorkflowHandle,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { LifecycleProcessSnapshot } from '../../activities/lifecycle';
import { cancelRequestedSignal } from '../agentRun/messages';
import { svcHrStatus } from '../searchAttributes';
import { lifecycleChangedSignal, type LifecycleProcessInput, type LifecycleProcessResult } from './messages';

// Short database transactions, idempotent: retried without end, as the other workflows' activities.
const options: ActivityOptions = {
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
};
const { readLifecycleProcess } = proxyActivities<Activities>({ ...options, summary: 'Read the process' });
const { remindLifecycleTasks } = proxyActivities<Activities>({
  ...options,
  summary: 'Remind the assignees of tasks due tomorrow or overdue',
});
const { deactivateLeaver } = proxyActivities<Activities>({
  ...options,
  summary: 'The last day is over: deactivate the leaver, revoke their credentials, cancel their agent runs',
});

/** A long history is carried on in a fresh run (the scale's origin goes with it). */
const MAX_HISTORY = 2_000;
/** After an action, a step still due at once waits this long before trying again (never a busy loop). */
const RETRY_PAUSE_MS = 1_000;

function describe(s: LifecycleProcessSnapshot | null, kind: string): string {
  if (!s) return `The ${kind} process does not exist (any more).`;
  const what = `${kind === 'onboarding' ? 'Onboarding' : 'Offboarding'} of ${s.employeeName} (${s.anchorDate})`;
  if (s.status === 'ACTIVE') return `${what}: ${s.openTasks} task(s) open.`;
  if (s.msUntilLastDayOver !== null) return `${what}: ${s.status.toLowerCase()}, waiting for the last day to end.`;
  return `${what}: ${s.status.toLowerCase()}.`;
}

/** Still something to do: an active process, or an offboarding whose last day has not yet been acted on. */
function running(s: LifecycleProcessSnapshot): boolean {
  return s.status === 'ACTIVE' || s.msUntilLastDayOver !== null;
}

/**
 * One person's onboarding or offboarding (id `onboarding/<tenant>/<id>` or `offboarding/<tenant>/<id>`). It sleeps
 * on durable timers until the next reminder of an open task is due (the day before its due date, the day after),
 * and, for an offboarding, until the last day is over (the start of the next day in the tenant's calendar), when it
 * deactivates the leaver once and tells their agent runs to cancel. A task done or skipped, or the process
 * cancelled, wakes it (`changed`) to read again; it ends when the process has completed or was cancelled and
 * nothing timed is left.
 */
export async function lifecycleProcess(input: LifecycleProcessInput): Promise<LifecycleProcessResult> {
  const info = workflowInfo();
  const workflowStartedAt = input.startedAt ?? info.startTime.getTime();
  const ref = { tenantId: input.tenantId, processId: input.processId, kind: input.kind, workflowStartedAt };
  let unread = 0;
  setHandler(lifecycleChangedSignal, () => {
    unread += 1;
  });

  let published: string | undefined;
  const read = async (): Promise<LifecycleProcessSnapshot | null> => {
    unread = 0;
    const snapshot = await readLifecycleProcess({ ...ref, workflowId: info.workflowId });
    setCurrentDetails(describe(snapshot, input.kind));
    const status = snapshot?.status ?? 'MISSING';
    if (status !== published) {
      upsertSearchAttributes([{ key: svcHrStatus, value: status }]);
      published = status;
    }
    return snapshot;
  };

  let snapshot = await read();
  let acted = false;
  while (snapshot && running(snapshot)) {
    if (workflowInfo().historyLength > MAX_HISTORY)
      await continueAsNew<typeof lifecycleProcess>({ ...input, startedAt: workflowStartedAt });
    const waits = [snapshot.msUntilReminder, snapshot.msUntilLastDayOver].filter((ms): ms is number => ms !== null);
    const due = waits.some((ms) => ms <= 0);
    if (due && !acted) {
      if (snapshot.msUntilReminder !== null && snapshot.msUntilReminder <= 0) await remindLifecycleTasks(ref);
      if (snapshot.msUntilLastDayOver !== null && snapshot.msUntilLastDayOver <= 0) {
        for (const workflowId of await deactivateLeaver(ref)) {
          // The run was marked cancelling in the same transaction; the signal only saves it waiting for its recheck.
          await getExternalWorkflowHandle(workflowId)
            .signal(cancelRequestedSignal, { reason: 'Its user has left' })
            .catch(() => undefined);
        }
      }
      acted = true;
    } else {
      const wait = due ? RETRY_PAUSE_MS : waits.length > 0 ? Math.min(...waits) : input.recheckMs;
      await condition(() => unread > 0, Math.max(1, wait), { summary: 'Wait for a task, a reminder or the last day' });
      acted = false;
    }
    snapshot = await read();
  }
  return { status: snapshot?.status ?? null };
}
