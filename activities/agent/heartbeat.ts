import { Context } from '@temporalio/activity';

/** How often a running agent activity reports that it is alive (the SDK throttles what it sends). */
const HEARTBEAT_EVERY_MS = 2_000;

type AnyActivity = (...args: never[]) => Promise<unknown>;

/**
 * The activity, heartbeating while it runs. With the heartbeat timeout of the agentRun workflow's activities, an
 * attempt whose worker died is retried on another worker within seconds, rather than at its start-to-close timeout
 * (a minute, three for a model call). Called outside an activity (a test calling it directly), it just runs.
 */
export function heartbeating<F extends AnyActivity>(activity: F): F {
  return (async (...args: Parameters<F>) => {
    let context: Context;
    try {
      context = Context.current();
    } catch {
      return activity(...args);
    }
    // A local activity has no heartbeat of its own: the worker keeps its workflow task alive while it runs.
    if (context.info.isLocal) return activity(...args);
    const timer = setInterval(() => context.heartbeat(), HEARTBEAT_EVERY_MS);
    try {
      return await activity(...args);
    } finally {
      clearInterval(timer);
    }
  }) as F;
}

/** Every activity of `activities`, heartbeating (see heartbeating). */
export function allHeartbeating<T extends Record<string, AnyActivity>>(activities: T): T {
  return Object.fromEntries(Object.entries(activities).map(([name, fn]) => [name, heartbeating(fn)])) as T;
}
