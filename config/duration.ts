/**
 * Durations in configuration: a whole number and a unit, `500ms`, `30s`, `15m`, `4h` or `2d`. One unit per value
 * keeps the format obvious to read in an env file; a day is 24 hours (these are delays, not calendar dates).
 */
const unitMs = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

const DURATION = /^(\d+)\s*(ms|s|m|h|d)$/;

/** The duration `text` in milliseconds, or undefined when it is not of the form `<whole number><unit>`. */
export function parseDuration(text: string): number | undefined {
  const match = DURATION.exec(text.trim());
  if (!match) return undefined;
  const [, amount, unit] = match as unknown as [string, string, keyof typeof unitMs];
  return Number(amount) * unitMs[unit];
}

/** How a duration of `ms` milliseconds is written back in the largest unit that divides it (`172800000` → `2d`). */
export function formatDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    if (ms >= unitMs[unit] && ms % unitMs[unit] === 0) return `${ms / unitMs[unit]}${unit}`;
  }
  return `${ms}ms`;
}
