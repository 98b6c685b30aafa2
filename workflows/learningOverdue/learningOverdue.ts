import {
  continueAsNew,
  ParentClosePolicy,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  sleep,
  startChild,
  workflowInfo,
  WorkflowIdReusePolicy,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { svcHrTenant } from '../searchAttributes';
import {
  learningOverdueStateQuery,
  learningOverdueWorkflowId,
  learningOverdueWorkflowType,
  type LearningOverdueInput,
  type LearningOverdueResult,
  type LearningOverdueState,
} from './messages';

// Each pass is a few short transactions, idempotent (assigning and reminding twice does nothing more).
const options: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
};
const { sweepLearningDay } = proxyActivities<Activities>({
  ...options,
  summary: 'Assign required trainings and remind of overdue ones',
});
const { findTenantsWithTrainings } = proxyActivities<Activities>({
  ...options,
  summary: 'Find the workspaces with trainings to follow',
});

/** Days per run before it continues as new: a short history, whatever how long a workspace keeps trainings. */
const DAYS_PER_RUN = 60;

/**
 * One workspace's trainings, day by day (id `learning-overdue/<tenant>`): as each day of the tenant's calendar
 * begins it assigns the required trainings to whoever lacks one (people who joined or moved, completions that
 * expired) and reminds of those that became overdue (once each: engines/learning/overdueReminders.ts). Days are
 * on the test time scale when one is configured (SVC_HR_LEAVE_DAY_MS). It ends when the workspace has no
 * requirement and no due enrolment left; the hourly sweep starts it again when it has.
 */
export async function learningOverdue(input: LearningOverdueInput): Promise<LearningOverdueResult> {
  const originMs = input.originMs ?? workflowInfo().startTime.getTime();
  const state: LearningOverdueState = { sweptThrough: null, assigned: 0, reminded: 0 };
  setHandler(learningOverdueStateQuery, () => state);
  for (let day = 0; day < DAYS_PER_RUN; day += 1) {
    const pass = await sweepLearningDay({ tenantId: input.tenantId, workflowStartedAt: originMs });
    if (!pass) return { sweptThrough: state.sweptThrough };
    state.sweptThrough = pass.today;
    state.assigned += pass.assigned;
    state.reminded += pass.reminded;
    setCurrentDetails(
      `Trainings swept through ${pass.today}: ${state.assigned} assigned and ${state.reminded} overdue reminded ` +
        `since ${new Date(workflowInfo().runStartTime.getTime()).toISOString()}.`,
    );
    if (!pass.watching) return { sweptThrough: state.sweptThrough };
    await sleep(Math.max(1, pass.msUntilNextDay));
  }
  return continueAsNew<typeof learningOverdue>({ tenantId: input.tenantId, originMs });
}

/**
 * The hourly sweep (a Temporal schedule, temporal/schedules/learningSweepSchedule.ts): starts the daily pass of
 * every workspace with a requirement or a due enrolment. A pass already running keeps its id, so starting it again
 * is refused and skipped; one that ended (nothing left to follow) may start again.
 */
export async function learningSweep(): Promise<{ started: number }> {
  let started = 0;
  for (const tenantId of await findTenantsWithTrainings()) {
    try {
      await startChild(learningOverdueWorkflowType, {
        workflowId: learningOverdueWorkflowId(tenantId),
        args: [{ tenantId }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
        typedSearchAttributes: [{ key: svcHrTenant, value: tenantId }],
        staticSummary: 'Learning: required trainings and overdue reminders, day by day',
      });
      started += 1;
    } catch {
      // Already running under this id.
    }
  }
  return { started };
}
