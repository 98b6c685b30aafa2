/**
 * A clause beside the booking that names a day for something else: "book friday off, I have a meeting on monday",
 * "book friday off, I won't need monday after all", "book leave friday, I'm finishing early thursday". Its day is
 * not leave asked for, yet the whole message was read as one list of days and both were booked (an approval of the
 * wrong days). Such a clause is taken out of the text before it is read, when another clause still names the days.
 */

import { scanDates } from './dateAtoms';

// Where a message breaks into clauses: punctuation, or a conjunction before a new subject ("… and I have …").
const CLAUSE_BREAK =
  /\s*[,;.!?]\s+|\s+-\s+|\s+(?=(?:but|as|because|since|cause|and|though|although)\s+(?:i|i'm|i'll|i've|i'd|im|there's|we|we're|we have)\b)|\s+(?=(?:to make up for|to compensate for|in lieu of|in exchange for)\b)/;
// Something scheduled or done at work that day, not leave.
const ELSEWHERE =
  /\b(?:meetings?|appointments?|calls?|interviews?|conferences?|trainings?|presentations?|deadlines?|demos?|workshops?|reviews?|on call|in the office|at work|working|finish(?:ing)?|leav(?:e|ing)|start(?:ing)?)\b.*\b(?:early|late|later)\b|\b(?:meetings?|appointments?|calls?|interviews?|conferences?|trainings?|presentations?|deadlines?|demos?|workshops?|on call|in the office|at work|i'?m working|i will be working|i'll be working|(?:bank|public) holiday|(?:for|after|of) (?:working|work)|worked)\b/;
// A day given up ("I won't need monday after all"), never to be booked with the rest.
const GIVEN_UP =
  /\b(?:don't|dont|do not|won't|wont|will not|no longer|not) (?:need|want|take|be taking|be off)\b|\b(?:any ?more|after all|not needed|no longer needed)\b/;
// A day off had or held already ("I already have monday off", "I took monday off", "I had monday off last week").
const ALREADY = /\balready\b|\bi (?:took|had)\b/;
// The clause that books: a leave word or a booking verb.
const BOOKS = /\b(?:book|request|take|off|leave|holidays?|vacation|pto|time off)\b/;

function namesDays(clause: string): boolean {
  return scanDates(clause).atoms.length > 0;
}

// A clause with its own verb ("my dentist is on tuesday", "since I worked on saturday"), not a list's next item
// ("…, monday and tuesday", "…, monday too").
const OWN_VERB =
  /\b(?:is|are|was|were|am|i'm|im|i'll|i've|i'd|it's|its|there's|that's|have|has|had|worked|work|covering|flying|travelling|traveling)\b|^not\b/;
const OWN_LEAVE =
  /\b(?:book|request|take|off|leave|holidays?|vacation|pto|need|want|too|as well|also|plus|fine|ok|okay)\b/;
// Someone else away that day ("bob is off on monday"): their day, not the user's.
const OTHERS_AWAY =
  /^(?!(?:mon|tue|wed|thu|fri|sat|sun|next|this|tomorrow|today)\w*\b|the \d)(?:(?:my|the|our|his|her|their) [a-z']+|[a-z]+) (?:is|are|will be|'s) (?:off|away|on (?:leave|holiday|vacation))\b/;

function isAside(clause: string): boolean {
  if (!namesDays(clause)) return false;
  if (GIVEN_UP.test(clause) || ALREADY.test(clause) || OTHERS_AWAY.test(clause)) return true;
  if (ELSEWHERE.test(clause) && !/\b(?:book|request|take)\b/.test(clause)) return true;
  return OWN_VERB.test(clause) && !OWN_LEAVE.test(clause);
}

/** The normalised `text` without its aside clauses, when a booking clause naming days is left; else `text`. */
export function withoutAsides(text: string): string {
  const clauses = text.split(CLAUSE_BREAK).filter((c) => c.trim() !== '');
  if (clauses.length < 2) return text;
  const kept = clauses.filter((clause) => !isAside(clause));
  if (kept.length === clauses.length || kept.length === 0) return text;
  if (!kept.some((clause) => BOOKS.test(clause) && namesDays(clause))) return text;
  return kept.join(', ');
}
