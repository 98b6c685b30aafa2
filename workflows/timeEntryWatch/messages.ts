import { defineSignal } from '@temporalio/workflow';

/**
 * The public face of the timeEntryWatch workflow: its name, id, input, result and messages. The API (through
 * temporal/ports/timeEntryWatchPort.ts) and tests import this file, never the workflow itself.
 */

export const timeEntryWatchWorkflowType = 'timeEntryWatch';

/** One watch per open entry, readable in the Temporal UI (the same as engines/timeTracking/entryWatchPort.ts). */
export function timeEntryWatchWorkflowId(tenantId: string, entryId: string): string {
  return `time-entry/${tenantId}/${entryId}`;
}

export interface TimeEntryWatchInput {
  tenantId: string;
  entryId: string;
}

export interface TimeEntryWatchResult {
  /** closed: clocked out (or corrected) in time; flagged: still open when due; missing: deleted. */
  outcome: 'closed' | 'flagged' | 'missing';
}

/** The entry closed or was deleted (sent after the API committed it): the watch reads it again and ends. */
export const entryClosedSignal = defineSignal('entryClosed');
