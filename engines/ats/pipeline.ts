/**
 * The recruiting pipeline (company API, ATS): the stages an application moves through and which moves are allowed.
 * A pure table; engines/ats/applicationMoves.ts applies it under the application's lock.
 *
 * Decisions (docs/company-api.md, ATS):
 * - `advance` moves forward only, and may skip stages (a strong referral goes from `applied` straight to
 *   `interview`); backwards is refused, so the history reads as the candidate's real progress.
 * - `hired` is reached only by accepting an offer (`hire`, from `offer`), never by a stage move.
 * - `rejected` and `withdrawn` end an active application; nothing moves out of `hired`, `rejected` or `withdrawn`
 *   but HR reopening a rejected application to the stage it was rejected at (`reopen`).
 */

/** The stages a candidate is still in the running at, in pipeline order. */
export const activeStages = ['applied', 'screening', 'interview', 'offer'] as const;
export type ActiveStage = (typeof activeStages)[number];

export const finalStages = ['hired', 'rejected', 'withdrawn'] as const;
export const stages = [...activeStages, ...finalStages] as const;
export type Stage = (typeof stages)[number];

/** How an application changes stage: each is its own operation. */
export type StageMove = 'advance' | 'reject' | 'withdraw' | 'hire' | 'reopen';

export function isActiveStage(stage: string): stage is ActiveStage {
  return (activeStages as readonly string[]).includes(stage);
}

/**
 * Why `move` from `from` to `to` is not allowed, naming the current stage (the reason of a 409), or null when it
 * is. `reopen` takes the stage the application was rejected at as `to`.
 */
export function stageMoveProblem(move: StageMove, from: string, to: string): string | null {
  const at = `The application is at stage ${from}`;
  if (!isActiveStage(from) && !(move === 'reopen' && from === 'rejected')) {
    return from === 'rejected' ? `${at}: only HR reopens a rejected application` : `${at}: nothing moves out of it`;
  }
  switch (move) {
    case 'advance':
      if (to === 'hired') return `${at}: an application is hired only by accepting its offer`;
      if (!isActiveStage(to)) return `${at}: use reject or withdraw to end it`;
      if (to === from) return `${at} already`;
      if (activeStages.indexOf(to) < activeStages.indexOf(from as ActiveStage)) {
        return `${at}: the pipeline moves forward only (${activeStages.join(' → ')})`;
      }
      return null;
    case 'reject':
      return to === 'rejected' ? null : `${at}: a rejection ends at rejected`;
    case 'withdraw':
      return to === 'withdrawn' ? null : `${at}: a withdrawal ends at withdrawn`;
    case 'hire':
      if (from !== 'offer') return `${at}: only an application at stage offer is hired`;
      return to === 'hired' ? null : `${at}: a hire ends at hired`;
    case 'reopen':
      if (from !== 'rejected') return `${at}: only a rejected application is reopened`;
      return isActiveStage(to) ? null : `${at}: it reopens at an active stage, not ${to}`;
  }
}

/** Why an application is rejected (the reason is required; `other` needs a note). */
export const rejectionReasons = [
  'not_qualified',
  'position_filled',
  'withdrew_interest',
  'salary_expectations',
  'culture',
  'other',
] as const;
export type RejectionReason = (typeof rejectionReasons)[number];
