import { memoryCounters } from '../../../api/rateCounters';

/** The in-memory counters of the rate limit: fixed windows, spends of several at once, and bounded memory. */
describe('memoryCounters', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-23T09:00:00.000Z') }));
  afterEach(() => jest.useRealTimers());

  it('counts in a window that starts with the first spend and resets when it ends', async () => {
    const counters = memoryCounters(60_000);
    expect(await counters.spend('k', 1)).toEqual({ count: 1, resetMs: 60_000, spent: true });
    jest.advanceTimersByTime(59_000);
    expect(await counters.spend('k', 3)).toEqual({ count: 4, resetMs: 1_000, spent: true });
    jest.advanceTimersByTime(1_000);
    expect(await counters.spend('k', 1)).toEqual({ count: 1, resetMs: 60_000, spent: true });
  });

  it('counts nothing when a spend would pass `within`, and everything when it fits exactly', async () => {
    const counters = memoryCounters(60_000);
    await counters.spend('k', 4);
    expect(await counters.spend('k', 7, 10)).toEqual({ count: 4, resetMs: 60_000, spent: false });
    expect(await counters.spend('k', 6, 10)).toEqual({ count: 10, resetMs: 60_000, spent: true });
    // Without `within` a spend always counts: a refused request is still a request.
    expect(await counters.spend('k', 1)).toMatchObject({ count: 11, spent: true });
  });

  it('keeps keys apart, and drops the oldest window past maxKeys', async () => {
    const counters = memoryCounters(60_000, 2);
    await counters.spend('a', 5);
    await counters.spend('b', 5);
    expect(await counters.spend('b', 1)).toMatchObject({ count: 6 });
    await counters.spend('c', 1);
    expect(await counters.spend('a', 1)).toMatchObject({ count: 1 });
  });
});
