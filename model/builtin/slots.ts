/**
 * Slots: the details of a request other than its dates and policy — status filters, whose requests, the report's
 * year and threshold, a reason, a person's name. Each reads the normalised text (or the date skeleton, where date
 * words must not be mistaken for a reason) and answers undefined when the request does not say.
 */

import { MONTH_NAMES, WEEKDAY_NAMES, partsOf } from './calendar';
import { QUANTITY, quantityValue } from './quantities';

/** The contract's leave request statuses. */
export const LEAVE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'IN_PROGRESS', 'COMPLETED'] as const;
/** One leave request status. */
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/** Whose requests: the user's own, their team's (everyone they may see but them), or simply what they may see. */
export type Scope = 'mine' | 'team' | 'any';

const STATUS_WORDS: { pattern: RegExp; status: LeaveStatus }[] = [
  {
    pattern: /\b(pending|awaiting approval|waiting for approval|not yet approved|unapproved|open)\b/,
    status: 'PENDING',
  },
  { pattern: /\b(rejected|declined|refused|denied)\b/, status: 'REJECTED' },
  { pattern: /\b(cancell?ed|withdrawn)\b/, status: 'CANCELLED' },
  { pattern: /\b(in progress|ongoing|current|running)\b/, status: 'IN_PROGRESS' },
  { pattern: /\b(completed|finished|past|taken)\b/, status: 'COMPLETED' },
  { pattern: /\b(approved|confirmed|accepted)\b/, status: 'APPROVED' },
];

/** The status a list is filtered on ("my pending requests"); none for a yes/no question ("is my leave approved?"). */
export function findStatus(text: string): LeaveStatus | undefined {
  if (/^(is|are|has|have|was|were)\b/.test(text)) return undefined;
  return STATUS_WORDS.find(({ pattern }) => pattern.test(text))?.status;
}

/** Whose requests the user means. */
export function findScope(text: string): Scope {
  if (/\b(team|my reports|direct reports|colleagues|everyone|everybody|employees|staff|people|who)\b/.test(text)) {
    return 'team';
  }
  return /\b(my|mine|i|i'm|me|i've)\b/.test(text) ? 'mine' : 'any';
}

/** The balance or report year: "for 2025", "last year", "this year". */
export function findYear(text: string, today: string): number | undefined {
  const current = partsOf(today).year;
  if (/\blast year\b/.test(text)) return current - 1;
  if (/\bthis year\b/.test(text)) return current;
  if (/\bnext year\b/.test(text)) return current + 1;
  const explicit = /\b(?:in|for|of|year)\s+(20\d{2})\b|\b(20\d{2})\s+(?:report|balances?|allowance)\b/.exec(text);
  const year = explicit?.[1] ?? explicit?.[2];
  return year === undefined ? undefined : Number(year);
}

/**
 * The report's threshold. "At least 10" is 10; "more than 10" is 10.5, because leave is counted in half days and
 * the API's filter is inclusive.
 */
export function findMinUntakenDays(text: string): number | undefined {
  const atLeast = new RegExp(
    `\\b(?:at least|minimum(?: of)?|min\\.?|no less than|not less than)\\s+(${QUANTITY})\\b|\\b(${QUANTITY})\\s*(?:\\+|or more\\b)`,
  ).exec(text);
  if (atLeast) return quantityValue(atLeast[1] ?? atLeast[2]!);
  const moreThan = new RegExp(`\\b(?:more than|over|above|greater than|in excess of)\\s+(${QUANTITY})\\b`).exec(text);
  if (moreThan) {
    const value = quantityValue(moreThan[1]!);
    return value === undefined ? undefined : value + 0.5;
  }
  return undefined;
}

/** How many requests to list: "my last 5 requests". */
export function findLimit(text: string): number | undefined {
  const m = new RegExp(`\\b(?:last|latest|recent|first|top|newest)\\s+(${QUANTITY})\\b`).exec(text);
  const value = m ? quantityValue(m[1]!) : undefined;
  return value !== undefined && Number.isInteger(value) && value >= 1 && value <= 200 ? value : undefined;
}

/** A half-day request: "half day", "half a day", "Friday morning", "tomorrow afternoon". */
// "4th Dec am", "Friday pm": a part of a day right after the day, not a clock time ("9am") nor "I am".
const DAY_PART = new RegExp(
  `(?:\\b\\d{1,2}(?:st|nd|rd|th)|\\b(?:${[...MONTH_NAMES, ...WEEKDAY_NAMES].map((n) => `${n.slice(0, 3)}[a-z]*`).join('|')}|today|tomorrow))\\s+(?:am|pm)\\b(?!\\s*\\d)`,
);

// "Half of Friday", "the first half of the 4th": half of one day, not of a month ("the second half of December").
const HALF_OF_A_DAY = new RegExp(
  `\\bhalf (?:of )?(?:the day|(?:${WEEKDAY_NAMES.join('|')})\\b|tomorrow|today|the \\d{1,2}(?:st|nd|rd|th)\\b(?! (?:week|month|quarter)\\b))`,
);

export function isHalfDay(text: string): boolean {
  const plain = text.replace(/\bgood (morning|afternoon)\b/g, '');
  return (
    /\bhalf[\s-]?days?\b|\bhalf a day\b|\b(morning|afternoon)\b|\b(am|pm) off\b|(?<![\d.])0?\.5\s*days?\b/.test(
      plain,
    ) ||
    DAY_PART.test(plain) ||
    HALF_OF_A_DAY.test(plain)
  );
}

/** Past tense about being ill ("I was sick on Monday"): dates then fall before today. */
export function isPastTense(text: string): boolean {
  return /\b(was|were|been|had)\b/.test(text);
}

// Where a reason stops: a date, a structure mark, punctuation, or a word that starts the next part of the request.
const REASON_END =
  /\s*(?:§|¤|[,.;!?]|\b(?:from|on|starting|between|until|till|next|this|please|thanks|thank you|and then|as|with)\b).*$/;
// What follows "for" without being a reason: durations, dates, policies, pronouns.
const NOT_A_REASON = new RegExp(
  `^(?:${QUANTITY}\\s+(?:working\\s+|business\\s+|calendar\\s+)?(?:days?|weeks?|months?)|half|the (?:whole|day|week|rest|month)|` +
    `the (?:${QUANTITY}\\s+)?days?|me|myself|it|that|this|them|annual|sick|unpaid|parental|holiday|vacation|leave|` +
    `the (?:annual|sick|unpaid|parental)|time off|days? off|§|¤|next|whole|all|my (?:team|balance|requests?)|` +
    `20\\d\\d|approval|a (?:half|day|week)\\b|` +
    // What the user asks of the assistant is no reason: "can you record it", "add it".
    `(?:can|could|would|will) you\\b|(?:add|record|log|book|enter|put|file|submit) (?:it|that|them)\\b)`,
);

/**
 * The reason a request gives: "for a family trip" → "family trip", "because I'm moving house", "reason: dentist".
 * Read on the date skeleton, so "for a week from §0§" is a duration and not a reason.
 */
export function findReason(skeleton: string): string | undefined {
  const explicit = /\b(?:because(?: of)?|due to|reason(?: is)?:?|the reason being)\s+(.+)$/.exec(skeleton);
  const candidates = explicit ? [explicit[1]!] : [];
  for (const m of skeleton.matchAll(/\bfor\s+(.+)$/g)) candidates.push(m[1]!);
  // "holiday 7-11 December, family trip": the last clause after a comma, when it is no date, policy or nicety.
  const clause = /,\s*([^,§¤]+?)[.!]?$/.exec(skeleton)?.[1];
  if (clause && !NOT_A_CLAUSE_REASON.test(clause))
    candidates.push(clause.replace(/\s+(?:is|was|are|were|needs?)\b.*$/, ''));
  for (const candidate of candidates) {
    if (NOT_A_REASON.test(candidate)) continue;
    const reason = candidate
      .replace(REASON_END, '')
      .replace(/^(?:a|an|the)\s+/, '')
      .trim();
    if (reason.length >= 3) return reason;
  }
  return undefined;
}

const NOT_A_CLAUSE_REASON =
  /^(?:please|pls|thanks|thank you|cheers|ok|okay|asap|if possible|half[ -]?(?:a )?day|(?:the )?(?:morning|afternoon)|am|pm|(?:annual|sick|unpaid|parental|maternity|paternity)\b|.*\b(?:leave|policy|holidays?|vacation|off|days?|weeks?|time)\b)/;

/** A comment for an approval decision: "because we are short-staffed", "saying enjoy!". */
export function findComment(text: string): string | undefined {
  const m = /\b(?:because(?: of)?|due to|with (?:the )?comment|saying|comment:?|reason:?)\s+["']?(.+?)["']?$/.exec(
    text,
  );
  return m?.[1]?.trim() || undefined;
}

/**
 * A person the request names: "alice's request", "the request from bob martin". Lowercase, up to two words; the
 * caller matches it against employee names case-insensitively.
 */
export function findPerson(text: string): string | undefined {
  const STOP =
    /^(my|the|a|an|all|any|this|that|it|his|her|their|me|pending|leave|request|requests|holiday|one|approve|accept|reject|decline|deny|refuse|please|and|ok|okay)$/;
  const possessive = /\b([a-z][a-z-]+)(?:\s+([a-z][a-z-]+))?'s\b/.exec(text);
  if (possessive) {
    const words = [possessive[1]!, possessive[2]].filter((w): w is string => w !== undefined && !STOP.test(w));
    const last = words[words.length - 1];
    if (last && !/^(today|tomorrow|team|week|month|year|monday|friday)$/.test(last)) return words.join(' ');
  }
  const from = /\b(?:from|of|by|for)\s+([a-z][a-z-]+)(?:\s+([a-z][a-z-]+))?/.exec(text);
  if (from && !STOP.test(from[1]!)) {
    const second =
      from[2] !== undefined && !STOP.test(from[2]) && !/^(because|for|on|in|from|with|saying)$/.test(from[2]);
    return second ? `${from[1]} ${from[2]}` : from[1];
  }
  return undefined;
}
