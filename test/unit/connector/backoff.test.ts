import { reconnectDelay } from '../../../connector/backoff';

describe('reconnectDelay', () => {
  const policy = { baseMs: 500, capMs: 30_000 };

  it.each([
    [0, 250, 500],
    [1, 500, 1000],
    [2, 1000, 2000],
    [5, 8000, 16_000],
    [6, 15_000, 30_000],
    [50, 15_000, 30_000],
  ])('waits between half and all of the capped step on attempt %i (%i..%i ms)', (attempt, low, high) => {
    expect(reconnectDelay(attempt, policy, () => 0)).toBe(low);
    expect(reconnectDelay(attempt, policy, () => 0.999999)).toBe(high);
    expect(reconnectDelay(attempt, policy, () => 0.5)).toBe(Math.round((low + high) / 2));
  });

  it('never exceeds the cap, whatever the attempt count', () => {
    for (let attempt = 0; attempt < 2000; attempt += 37) {
      expect(reconnectDelay(attempt, policy, () => 1)).toBeLessThanOrEqual(policy.capMs);
    }
  });
});
