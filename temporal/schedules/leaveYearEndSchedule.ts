import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { leaveYearEndScheduleId, leaveYearEndWorkflowType } from '../../workflows/leaveCarryOver/messages';

/**
 * Creates, unless it exists, the schedule that runs the leave year-end sweep every hour on `taskQueue`: tenants
 * in every time zone have their carry-over within an hour of their new year, and a missed hour (a cluster down)
 * is made up by the next one. Answers the schedule id.
 */
export async function ensureLeaveYearEndSchedule(client: Client, taskQueue: string): Promise<string> {
  const scheduleId = leaveYearEndScheduleId(taskQueue);
  try {
    await client.schedule.create({
      scheduleId,
      spec: { intervals: [{ every: '1h' }] },
      action: {
        type: 'startWorkflow',
        workflowType: leaveYearEndWorkflowType,
        workflowId: scheduleId,
        taskQueue,
        args: [],
        staticSummary: 'Leave year-end sweep: start the carry-over of tenants whose year ended',
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
  return scheduleId;
}
