import { defineQuery } from '@temporalio/workflow';

/**
 * The public face of Learning's durable processes: `learningOverdue`, one workspace's daily pass over its trainings
 * (id `learning-overdue/<tenantId>`), and `learningSweep`, which an hourly Temporal schedule runs to start the pass
 * of every workspace that has trainings to follow. The API, the worker and tests import this file, never the
 * workflows.
 */
export const learningOverdueWorkflowType = 'learningOverdue';
export const learningSweepWorkflowType = 'learningSweep';

export function learningOverdueWorkflowId(tenantId: string): string {
  return `learning-overdue/${tenantId}`;
}

/** The schedule of the sweep, one per task queue (so the workers of a queue run it). */
export function learningSweepScheduleId(taskQueue: string): string {
  return `learning-sweep/${taskQueue}`;
}

export interface LearningOverdueInput {
  tenantId: string;
  /**
   * When the first run of this pass started (epoch ms). A run continued as new carries it on, so the test time
   * scale (activities/leaveTimeline.ts) keeps one origin and its days do not start over.
   */
  originMs?: number;
}

export interface LearningOverdueResult {
  /** The last day swept, YYYY-MM-DD; null when the workspace no longer exists. */
  sweptThrough: string | null;
}

/** Where the pass stands: the last day swept and what it did since this run started. */
export interface LearningOverdueState {
  sweptThrough: string | null;
  assigned: number;
  reminded: number;
}

export const learningOverdueStateQuery = defineQuery<LearningOverdueState>('state');
