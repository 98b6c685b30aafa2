/**
 * A booking asked as a question about the days ("is it ok to take Friday off?", "is the 4th free to book?"). The
 * person asks whether they may, not to be booked: proposing the request at once answers a question nobody put. The
 * days are offered back, to book once the person says so.
 */

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

/** A yes to the offer: the days read are the ones to book. */
const YES = /^(?:yes|yeah|yep|yup|sure|ok|okay|please|please do|do it|go ahead|book it)\b/;

/** Whether the booking `text` (normalised) asks whether its days can be taken rather than asking to take them. */
export function asksIfFree(text: string): boolean {
  return ASKS_IF_FREE.test(text);
}

/** Whether `answer` (as typed) accepts the offer to book the days read. */
export function acceptsOffer(answer: string): boolean {
  return YES.test(answer.trim().toLowerCase());
}
