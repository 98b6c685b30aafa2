import { condition, defineSignal, setHandler } from '@temporalio/workflow';

/** The floor's signal: the bench sends it right after the start. */
export const goSignal = defineSignal('go');

/**
 * The least a Temporal workflow that waits for a person does: start, wait for one signal, complete. Its
 * start-to-result time is the floor under an agent run's latencies (bench/agentLatency.ts); bundled for the
 * bench's own worker, never for svc-hr's.
 */
export async function signalFloor(): Promise<string> {
  let signalled = false;
  setHandler(goSignal, () => {
    signalled = true;
  });
  await condition(() => signalled);
  return 'done';
}
