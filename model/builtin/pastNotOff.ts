/**
 * A day off denied in the past tense: "I didn't take friday off", "I wasn't off on friday", "I did not use my leave
 * on monday". The day is gone, as in "I was off on Friday", yet the negation kept it from reading as past and the
 * coming Friday's requests were listed instead of last Friday's.
 */

const PAST_NOT_OFF =
  /\bi (?:didn't|didnt|did not|never) (?:take|have|use|get|end up taking)\b|\bi (?:never (?:took|had|used)|ended up not (?:taking|having))\b.*\b(?:off|leave|holidays?|vacation|pto)\b|\bi (?:wasn't|wasnt|was not|weren't|werent|were not|was never) (?:actually |really )?(?:off|away|out|absent|sick|on (?:holiday|leave|vacation|annual leave|sick leave))\b/;
// Not at work on a day gone ("I didn't come in on friday, please book it", "I wasn't in on friday"): its days are past.
const PAST_NOT_IN =
  /\bi (?:didn't|didnt|did not) (?:come|go|make it|get) (?:in|into work|to work|to the office|into the office)\b|\bi (?:wasn't|wasnt|was not) (?:in|at work|in work|in the office)\b/;

/** Whether the normalised `text` says a day off was not taken, or a day not worked: its days are past ones. */
export function deniesPastAbsence(text: string): boolean {
  return PAST_NOT_OFF.test(text) || PAST_NOT_IN.test(text);
}
