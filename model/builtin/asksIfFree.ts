/**
 * A booking asked as a question about the days ("is it ok to take Friday off?", "is the 4th free to book?"). The
 * person asks whether they may, not to be booked: proposing the request at once answers a question nobody put. The
 * days are offered back, to book once the person says so.
 */

import type { DateFinding } from './dates';

/** "Is (would it be) it ok to take …", "is <day> free to book", "am I allowed to take …", "… or is it too late?". */
const OK = '(?:ok|okay|alright|all right|fine|allowed)';
const ASKS_IF_FREE = new RegExp(
  '^(?:so |and |hey |hi |hello )?(?:' +
    [
      `(?:is|would|will) it (?:be )?${OK} (?:to|if|for me)\\b`,
      '(?:is|are) [^?.!]*\\b(?:free|available)\\b',
      'am i (?:allowed|able) to (?:take|book|have)\\b',
      'is it too late to\\b',
    ].join('|') +
    ')|\\bor is it too late\\b',
);

/**
 * Days said with only a question of whether they are free ("is December 4th free?", "is friday still available for
 * me?"), or a return to work ("I'm back Thursday", "back on the 7th"): no word of the rules asks for anything, yet
 * leave is what such a message is about. They are read as a booking to offer (never to make at once), rather than
 * left to the tool classifier, which offered to end a break or asked what was wanted. Read on the date skeleton.
 */
const ONLY_DAYS_ASKED = [
  /^(?:so |and |hey |hi |hello )?(?:is|are) (?:the )?§\d+§ (?:still )?(?:free|available)(?: (?:for me|for leave|to (?:book|take)(?: off)?))?\s*\??$/,
  /^(?:so |and |hey |hi |hello |fyi,? )?(?:i'?m |im |i am |i'?ll be |i will be |will be )?back(?: at work| in the office| to work)? (?:on )?§\d+§\s*[.!]?$/,
];

function onlyOffersDays(skeleton: string): boolean {
  return ONLY_DAYS_ASKED.some((pattern) => pattern.test(skeleton));
}

/** A booking (to offer) when the date skeleton of a message only asks if its days are free, or says one is back. */
export function offeredBooking(skeleton: string, dates: DateFinding): 'book' | undefined {
  return dates.kind === 'days' && onlyOffersDays(skeleton) ? 'book' : undefined;
}

/** A yes to the offer: the days read are the ones to book. */
const YES = /^(?:yes|yeah|yep|yup|sure|ok|okay|please|please do|do it|go ahead|book it)\b/;

/** Whether the booking `text` (normalised) asks whether its days can be taken rather than asking to take them. */
export function asksIfFree(text: string, skeleton = ''): boolean {
  return ASKS_IF_FREE.test(text) || onlyOffersDays(skeleton);
}

/** Whether `answer` (as typed) accepts the offer to book the days read. */
export function acceptsOffer(answer: string): boolean {
  return YES.test(answer.trim().toLowerCase());
}
