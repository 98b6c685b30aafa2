/**
 * The public face of the year-end workflows: `leaveYearEnd`, the sweep a Temporal schedule runs every hour, and
 * `leaveCarryOver`, one tenant's carry-over of one year (id `carry-over/<tenant>/<year>`).
 */
export const leaveYearEndWorkflowType = 'leaveYearEnd';
export const leaveCarryOverWorkflowType = 'leaveCarryOver';

export function leaveCarryOverWorkflowId(tenantId: string, fromYear: number): string {
  return `carry-over/${tenantId}/${fromYear}`;
}

/** The schedule of the sweep, one per task queue (so the workers of a queue run it). */
export function leaveYearEndScheduleId(taskQueue: string): string {
  return `leave-year-end/${taskQueue}`;
}

export interface LeaveCarryOverInput {
  tenantId: string;
  fromYear: number;
}

export interface LeaveCarryOverResult {
  employees: number;
  carriedDays: number;
}
