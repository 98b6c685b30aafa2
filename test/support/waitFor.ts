import { setTimeout as delay } from 'node:timers/promises';

/**
 * Polls `condition` until it holds, failing with `what` after `timeoutMs`: how tests wait for something that
 * happens in another process (a heartbeat row, a server state), instead of sleeping a guessed time.
 */
export async function waitFor(
  what: string,
  condition: () => Promise<boolean> | boolean,
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${opts.timeoutMs ?? 10_000} ms waiting for ${what}`);
    await delay(opts.intervalMs ?? 50);
  }
}
