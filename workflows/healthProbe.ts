import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { ProbeResult } from '../activities/probeDatabase';

const { probeDatabase } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  // A probe that retries for long would hide the failure it exists to show.
  retry: { maximumAttempts: 3, initialInterval: '200 milliseconds' },
  summary: 'Read the database clock on a worker',
});

/**
 * Proves, end to end, that a worker polls the task queue, that Temporal dispatches to it, and that the worker
 * reaches the database: returns the database's current time and the identity of the worker that read it.
 */
export async function healthProbe(): Promise<ProbeResult> {
  return await probeDatabase();
}
