/** Reconnection delays: exponential from `baseMs`, capped at `capMs`, with jitter. */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const defaultBackoff: BackoffPolicy = { baseMs: 500, capMs: 30_000 };

/**
 * The delay before reconnection attempt `attempt` (0 for the first after a drop): "equal jitter", half of the
 * capped exponential plus a random half, so a fleet of connectors dropped by one deploy does not reconnect in
 * lockstep, while no attempt waits less than half its step.
 */
export function reconnectDelay(attempt: number, policy: BackoffPolicy = defaultBackoff, random = Math.random): number {
  const step = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + random() * (step / 2));
}
