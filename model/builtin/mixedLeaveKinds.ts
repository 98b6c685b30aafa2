/**
 * Two kinds of leave in one message: "book friday off, I'm sick monday", "annual leave on the 3rd and sick leave on
 * the 4th". The message was read as one request with one policy, so a day was dropped (the sick clause taken for an
 * aside) or both days booked as the same kind. A request is one kind of leave: the planner asks which to book first,
 * offering each clause's days as a request of its own.
 */

import { type IsoDate, formatSpan } from './calendar';
import { scanDates } from './dateAtoms';
import { findDates } from './dates';
import { ask, type Plan } from './planTypes';
import { findPolicy, type PolicyName } from './policies';
import { isPastTense } from './slots';

// Where a message breaks into clauses: punctuation, or a conjunction ("… on the 3rd and sick leave on the 4th").
const CLAUSE_BREAK = /\s*[,;.!?]\s+|\s+-\s+|\s+(?:and|but|plus|then|also|as well as|&)\s+/;
// A clause that books days without naming their kind ("book friday off"): the workspace default, annual leave.
const BOOKS_UNNAMED = /\b(?:off|leave|book|request|time off|day off|days off)\b/;

/** The kind of leave a clause names, the default when it books without naming one, or none (not a booking). */
function kindOf(clause: string): PolicyName | undefined | 'unclear' {
  const mention = findPolicy(clause);
  if (mention === undefined) return BOOKS_UNNAMED.test(clause) ? 'Annual leave' : undefined;
  return 'name' in mention ? mention.name : 'unclear';
}

/** A clause's kind and days as a request of its own ("Sick leave on Mon 30 Nov 2026"), if its days are plain. */
function asRequest(clause: string, kind: PolicyName, today: IsoDate): string | undefined {
  const past = kind === 'Sick leave' && isPastTense(clause);
  const dates = findDates(clause, { today, past });
  if (dates.kind !== 'days') return undefined;
  const days = dates.ranges.map((r) => formatSpan(r.start, r.end)).join(' and ');
  return `${kind} on ${days}`;
}

/**
 * When the normalised `text` has clauses naming days with different kinds of leave: the requests to offer, one per
 * clause (empty when the clauses' days are not plain enough to offer). Undefined when the message names one kind.
 */
export function mixedLeaveKinds(text: string, today: IsoDate): string[] | undefined {
  const kinded: { clause: string; kind: PolicyName }[] = [];
  // A dated clause of no kind ("…, tuesday, and …") belongs to a neighbour: the clauses alone would drop its days.
  let unkinded = false;
  for (const clause of text.split(CLAUSE_BREAK)) {
    if (scanDates(clause).atoms.length === 0) continue;
    const kind = kindOf(clause);
    if (kind === 'unclear') return undefined;
    if (kind === undefined) unkinded = true;
    else kinded.push({ clause, kind });
  }
  if (new Set(kinded.map((k) => k.kind)).size < 2) return undefined;
  if (unkinded) return [];
  const requests = kinded.map(({ clause, kind }) => asRequest(clause, kind, today));
  return requests.every((r) => r !== undefined) ? requests : [];
}

/** The question for two kinds of leave: which to book first, offering each kind's days when they are plain. */
export function mixedKindsQuestion(requests: string[]): Plan {
  if (requests.length === 0) {
    return ask(
      'dates',
      'You named two kinds of leave, and a request is one kind: tell me one at a time, for example "sick leave on Monday", and I will book each.',
    );
  }
  return ask(
    'dates',
    `You named two kinds of leave, and a request is one kind: ${requests.join(', and ')}. Which should I book first?`,
    requests,
  );
}
