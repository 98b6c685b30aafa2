import { goalProgress, keyResultProgress, roundPercent } from '../../../../engines/performance/goalProgress';

/** Key result and goal progress: (current - start) / (target - start) in percent, bounded to 0..100; a goal's mean. */
describe('keyResultProgress', () => {
  it.each([
    ['halfway up', { startValue: 0, targetValue: 200, currentValue: 100 }, 50],
    ['at the start', { startValue: 10, targetValue: 20, currentValue: 10 }, 0],
    ['at the target', { startValue: 10, targetValue: 20, currentValue: 20 }, 100],
    ['past the target, bounded', { startValue: 0, targetValue: 10, currentValue: 25 }, 100],
    ['below the start, bounded', { startValue: 5, targetValue: 10, currentValue: 1 }, 0],
    ['a decrease a quarter of the way', { startValue: 40, targetValue: 0, currentValue: 30 }, 25],
    ['a decrease overshot', { startValue: 40, targetValue: 0, currentValue: -5 }, 100],
    ['negative values', { startValue: -10, targetValue: 10, currentValue: 0 }, 50],
    ['a target equal to the start counts as reached', { startValue: 3, targetValue: 3, currentValue: 0 }, 100],
  ])('%s', (_, kr, expected) => {
    expect(keyResultProgress(kr)).toBeCloseTo(expected, 10);
  });
});

describe('goalProgress', () => {
  it('is the mean of its key results’ progress, each bounded first', () => {
    const krs = [
      { startValue: 0, targetValue: 100, currentValue: 150 }, // 100 (bounded, not 150)
      { startValue: 0, targetValue: 3, currentValue: 1 }, // 33.33...
      { startValue: 0, targetValue: 10, currentValue: -4 }, // 0 (bounded, not -40)
    ];
    expect(goalProgress(krs)).toBeCloseTo((100 + 100 / 3 + 0) / 3, 10);
    expect(roundPercent(goalProgress(krs))).toBe(44.4);
  });

  it('is 0 without key results', () => {
    expect(goalProgress([])).toBe(0);
  });
});
