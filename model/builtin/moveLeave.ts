/**
 * A request to move a leave request that exists ("change my leave on Friday to Monday", "reschedule my holiday to
 * next week", "extend my leave until the 11th"). No operation changes a request's days, and booking the days it names
 * (the old ones, the new ones or both) beside the request that stays is not what was asked: the model asks which
 * days to book instead, saying how the old request goes. In a thread that just booked, "make it Tuesday instead" is a
 * follow-up (followUps.ts), planned before this is read; "move my leave from Monday to Tuesday" is declined with the
 * same advice (refusals.ts).
 */

import { type Plan, ask } from './planTypes';

const VERB =
  '(?:change|changing|move|moving|shift|switch|swap|reschedule|rearrange|postpone|push back|bring forward|extend|shorten|amend|modify|edit|update)';
const OWN_LEAVE =
  '(?:my|the|our) (?:\\w+ )?(?:leave|holidays?|vacations?|time off|days? off|half[ -]?days?|bookings?|requests?|pto|absences?|\\w+ off)';
// The leave's kind or the numbers about it are no days to move: "change my leave policy", "update my leave balance".
const NOT_DAYS = '(?!\\s+(?:polic(?:y|ies)|types?|balances?|allowances?|entitlements?|settings?|approvers?))';
const MOVES_LEAVE = new RegExp(`\\b${VERB}\\s+${OWN_LEAVE}\\b${NOT_DAYS}`);

/** Whether a normalised request asks to move, extend or shorten a leave request already made. */
export function asksToMoveLeave(text: string): boolean {
  return MOVES_LEAVE.test(text);
}

/** The question for such a request: which days to book, the old request being cancelled on its own. */
export function moveLeaveQuestion(): Plan {
  return ask(
    'dates',
    "I can't change the days of a leave request: I can book the new days, and you cancel the old request " +
      '("cancel my leave on Friday"), each with your approval. Which days would you like off instead?',
  );
}
