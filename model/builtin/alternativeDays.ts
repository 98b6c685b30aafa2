/**
 * Two days offered as alternatives across a clause: "book friday off or maybe monday", "friday off, if not then
 * monday", "book friday off unless monday is better", "can I take friday off? what about monday?". dates.ts reads
 * "friday or monday" side by side as a choice, but with words between them both days were booked. They are a choice
 * too: the planner asks which one ("Do you mean … or …?").
 */

import type { DateFinding } from './dates';

const ALTERNATIVE =
  /§0§(?:(?!§).)*?\b(?:or|unless|if not|otherwise|alternatively|what about|how about|failing that|or else)\b(?:(?!§).)*§1§/;

/** `dates` as a choice between its two days when the skeleton offers the second as an alternative to the first. */
export function alternativeDays(skeleton: string, dates: DateFinding): DateFinding {
  if (dates.kind !== 'days' || dates.ranges.length !== 2 || !ALTERNATIVE.test(skeleton)) return dates;
  const [first, second] = dates.ranges as [(typeof dates.ranges)[0], (typeof dates.ranges)[0]];
  if (first.start !== first.end || second.start !== second.end) return dates;
  return { kind: 'invalid', readings: [first.start, second.start] };
}
