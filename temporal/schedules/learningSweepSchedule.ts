import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { learningSweepScheduleId, learningSweepWorkflowType } from '../../workflows/learningOverdue/messages';

/**
 * Creates, unless it exists, the schedule that runs the Learning sweep every hour on `taskQueue`: a workspace that
 * gets its first required training has its daily pass (overdue reminders) running within the hour, and one whose
 * pass failed or ended gets it back. Answers the schedule id.
 */
export async function ensureLearningSweepSchedule(client: Client, taskQueue: string): Promise<string> {
  const scheduleId = learningSweepScheduleId(taskQueue);
  try {
    await client.schedule.create({
      scheduleId,
      spec: { intervals: [{ every: '1h' }] },
      action: {
        type: 'startWorkflow',
        workflowType: learningSweepWorkflowType,
        workflowId: scheduleId,
        taskQueue,
        args: [],
        staticSummary: 'Learning sweep: start the daily training pass of workspaces with trainings to follow',
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
  return scheduleId;
}
