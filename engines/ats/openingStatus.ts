import type { JobOpeningStatus } from '../../db/models';

/**
 * The life of a job opening: DRAFT (written, not published) → OPEN (takes applications, on the internal job
 * board) ⇄ ON_HOLD (paused: no new applications, the pipeline goes on) → CLOSED (final). A draft never published
 * may be closed directly. Accepting the last of `openings` offers closes it by itself.
 */
export const openingStatuses = ['DRAFT', 'OPEN', 'ON_HOLD', 'CLOSED'] as const;

const allowed: Record<JobOpeningStatus, readonly JobOpeningStatus[]> = {
  DRAFT: ['OPEN', 'CLOSED'],
  OPEN: ['ON_HOLD', 'CLOSED'],
  ON_HOLD: ['OPEN', 'CLOSED'],
  CLOSED: [],
};

/** Why an opening may not move from `from` to `to` (the reason of a 409, naming the current status), or null. */
export function openingMoveProblem(from: JobOpeningStatus, to: JobOpeningStatus): string | null {
  if (allowed[from].includes(to)) return null;
  if (from === to) return `The opening is already ${from}`;
  const next = allowed[from];
  return next.length === 0
    ? `The opening is ${from}: it does not change any more`
    : `The opening is ${from}: it moves to ${next.join(' or ')} only`;
}
