/**
 * Leave one no longer wants, said without a cancel verb: "I don't need Friday off anymore", "I won't be off on the
 * 4th after all", "Friday off is no longer needed", "scrap my leave next week", "I didn't take Friday off". The days
 * and "off" in such a message made it read as a booking of the very days the person gives up: it is a cancel
 * (listing the requests of those days first, as "cancel my leave on Friday" does). A change of days ("I don't need
 * the whole week, just Monday") and a question ("do I not need to book leave for …?") are not.
 */

import type { DateFinding } from './dates';

const NEGATED = "(?:don't|dont|do not|won't|wont|will not|didn't|didnt|did not|no longer|never|not)";
const WANTS = '(?:need(?:ed)?|want(?:ed)?|(?:be )?tak(?:e|ing)|took|going (?:to take|on)|gonna take)';
const WASNT = "(?:won't|wont|will not|wasn't|wasnt|was not)";
const AWAY = '(?:off|away|(?:off )?sick|ill|out of (?:the )?office|on (?:leave|holiday|vacation|sick leave))';
const LEAVE = '(?:off|leave|holidays?|vacation|pto|time off|booking|request)';
const GIVEN_UP = new RegExp(
  [
    `\\b${NEGATED}\\s+${WANTS}\\b.*\\b${LEAVE}\\b`,
    `\\b${WASNT}\\s+(?:be\\s+)?${AWAY}\\b`,
    `\\b${LEAVE}\\b.*\\b(?:is|are|isn't|aren't) (?:no longer|not|not really) (?:needed|necessary|required|happening)\\b`,
    `^(?:please |pls )?(?:scrap|forget(?: about)?|drop|ditch|nix)\\b.*\\b${LEAVE}\\b`,
  ].join('|'),
);
// Said when the leave is given up for good, whatever days it names.
const FOR_GOOD = /\b(?:any ?more|any longer|after all|no longer|plans (?:have )?changed)\b/;
const CHANGES_OR_ASKS =
  /\b(?:just|only|instead|rather|but|reason|approval|permission|certificate|note)\b|^(?:do|does|did|is|are|can|could|should|would|how|what|why|when|which)\b/;

/** Whether the normalised `text` gives up leave it names (by its days, or for good) without saying "cancel". */
export function givesUpLeave(text: string, dates: DateFinding): boolean {
  if (!GIVEN_UP.test(text) || CHANGES_OR_ASKS.test(text)) return false;
  return dates.kind !== 'none' || FOR_GOOD.test(text);
}
