import type { LineLog } from './log';

/**
 * Resolves on the first SIGINT or SIGTERM, then runs the stop steps in order (last started, first stopped).
 * A second signal while stopping exits at once, for a user who presses Ctrl-C twice.
 */
export function waitForShutdown(log: LineLog): Promise<string> {
  return new Promise((resolve) => {
    const onSignal = (signal: string) => {
      process.once('SIGINT', () => process.exit(130));
      process.once('SIGTERM', () => process.exit(143));
      log(`${signal}: stopping`);
      resolve(signal);
    };
    process.once('SIGINT', () => onSignal('SIGINT'));
    process.once('SIGTERM', () => onSignal('SIGTERM'));
  });
}

/** Runs each stop step even when an earlier one fails, and reports the failures. */
export async function stopAll(steps: Array<[string, () => Promise<void>]>, log: LineLog): Promise<void> {
  for (const [name, stop] of steps) {
    try {
      await stop();
    } catch (err) {
      log(`stopping ${name} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
