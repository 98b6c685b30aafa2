/**
 * A goal's progress from its key results, pure: each key result's progress is (current - start) / (target - start)
 * as a percentage bounded to 0..100 (a target below the start measures a decrease), and the goal's is their mean.
 * Percentages are rounded to one decimal for the answer; the mean is taken of the unrounded values.
 */

export interface KeyResultValues {
  startValue: number;
  targetValue: number;
  currentValue: number;
}

/** One key result's progress in percent, 0 to 100 (unrounded). A target equal to its start counts as reached. */
export function keyResultProgress(kr: KeyResultValues): number {
  const span = kr.targetValue - kr.startValue;
  if (span === 0) return 100;
  const ratio = ((kr.currentValue - kr.startValue) / span) * 100;
  return Math.min(100, Math.max(0, ratio));
}

/** The goal's progress: the mean of its key results' (0 without any). */
export function goalProgress(keyResults: readonly KeyResultValues[]): number {
  if (keyResults.length === 0) return 0;
  return keyResults.reduce((sum, kr) => sum + keyResultProgress(kr), 0) / keyResults.length;
}

/** A percentage as the API shows it: one decimal. */
export function roundPercent(value: number): number {
  return Math.round(value * 10) / 10;
}
