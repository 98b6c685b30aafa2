/**
 * The part-4 requests of the company API (issue 21, item 7): sending a document for signature, who has not
 * acknowledged a policy, assigning an inventory item, a welcome post, headcount and turnover. Each is recognised by
 * the words it must hold (a send verb with a signature word; an acknowledge word with a who/not word; an assign verb
 * with a serial and "to" someone; a welcome word with a post word; headcount; turnover or attrition) and read into
 * the one slot object below. Read on the normalised text; intents.ts asks these right after its identity, decision
 * and cancel rules, before the other company requests, whose words ("send", "post", "message") they would not take.
 *
 * "Send the laptop policy to everyone for signature" is an e-signature request, not a Playbook acknowledgement, even
 * when a Playbook policy of that name exists: "sign" and "signature" ask for a signature bound to the document's
 * SHA-256, which only E-Signatures records; a Playbook policy asks for acknowledgement when HR publishes a version
 * that requires it, and the words for that are "acknowledge", "read and accept" (the unacknowledged rule below).
 */

import { type AnalyticsPeriod, findAnalyticsPeriod, findPeriodToDate } from './analyticsPeriods';
import type { IsoDate } from './calendar';

export type WorkplaceIntent =
  | 'requestSignatures'
  | 'unacknowledged'
  | 'assignItem'
  | 'welcomePost'
  | 'headcount'
  | 'turnover'
  | 'unreadMessages'
  | 'askAcknowledgement';

/** Who a document goes to: everyone the user may see, or the people named (as written). */
export type Signers = { everyone: true } | { names: string[] };

/** What a part-4 request names. */
export interface WorkplaceRequest {
  /** The words naming a document or policy, as written ("new laptop policy"). */
  title?: string;
  /** A document id given in answer to "which document?". */
  documentId?: string;
  signers?: Signers;
  /** An inventory item's serial number or asset tag, as written. */
  serial?: string;
  /** The person an item goes to, or a welcome post is for, as written. */
  person?: string;
  period?: AnalyticsPeriod;
  byDepartment?: boolean;
  byQuarter?: boolean;
}

// Send words of a signature request; "have" and "get" as in "have Bob sign", "get Bob to sign".
const SEND = /\b(?:send|sent|get|ask|have|request|circulate|share|email|route|give)\b/;
const SIGNATURE =
  /\b(?:for (?:e-?)?signatures?|to (?:e-?)?sign|to be signed|for signing|e-?sign(?:ature)?s?|signatures?)\b/;
const ACKNOWLEDGE = /\backnowledg\w*\b/;
const WHO_NOT =
  /\b(?:who|which|anyone|anybody|everyone|people|employees|staff|not|hasn't|haven't|didn't|yet|still|outstanding|missing|pending|remaining)\b/;
// "ask everyone to acknowledge the travel policy", "send the code of conduct out for acknowledgement"; not "who has
// not acknowledged", nor "has everyone acknowledged".
const ASK_FOR = /\b(?:send|circulate|share|publish|email|route|ask|get|have|remind)\b/;
const ASKS_WHO = /^(?:who|which|has|have|did|does|is|are|any|how many)\b|\b(?:not|yet|still|n't)\b/;
const ASSIGN = /\b(?:assign|allocate|issue|lend|loan)\b/;
const GIVE = /\b(?:give|hand)\b/;
const ITEM =
  /\b(?:laptops?|notebooks?|macbooks?|computers?|pcs?|phones?|mobiles?|iphones?|monitors?|screens?|badges?|headsets?|tablets?|ipads?|keyboards?|items?|devices?|equipment|assets?|serial|sn)\b/;
// A serial or asset tag: a token with letters and digits ("sn123", "abc-998", "mn-77"), not a day ("4th") or a time
// ("9am"); or any token after "serial (number)", "asset tag" or "s/n".
const SERIAL =
  /\b(?:(?:serial(?: number| no\.?)?|asset tag|s\/n)\s*[:#]?\s*([a-z0-9][a-z0-9-]*)|(?!\d+(?:st|nd|rd|th|am|pm|h)\b)((?=[a-z0-9-]*[a-z])(?=[a-z0-9-]*\d)[a-z0-9][a-z0-9-]*))\b/;

/** The serial a text names before "to someone", if any. */
function serialIn(text: string): string | undefined {
  const match = SERIAL.exec(text);
  return match?.[1] ?? match?.[2];
}
const WELCOME = /\bwelcom\w*\b/;
const POST = /\b(?:post|message|note|announcement|announce|shout-?out|write|say|share)\b/;
const HEADCOUNT =
  /\bhead ?counts?\b|\b(?:number of|how many) (?:people|employees|staff)\b.*\b(?:per|by|each|in each) department\b/;
// "how many employees do we have", "how many people work here": headcount as of today.
const HEADCOUNT_NOW =
  /\bhow many (?:people|employees|staff|colleagues|workers)(?: do we (?:have|employ)| (?:work|are working) (?:here|for us|at (?:the company|\w+))| are (?:there|employed|on (?:the )?payroll)| does the company (?:have|employ))\b/;
const TURNOVER = /\b(?:turnover|attrition|churn)\b/;
// "any unread messages", "who has messaged me", "my DMs": one's own conversations, never a post or a send.
const UNREAD =
  /\b(?:unread|new) (?:direct )?messages?\b|\b(?:any|do i have|have i got|got any)\b.*\b(?:messages|dms)\b|\bwho (?:has |have )?(?:messaged|written to|wrote to|texted|pinged) me\b|\bmy (?:messages|inbox|conversations|dms)\b/;

// "What do I have to sign", "which policies do I still need to acknowledge", "waiting for my signature": the user's
// own turn to sign or acknowledge, a read of their own list (the classifier's), not a request to others.
const OWN_TURN =
  /\b(?:do i|did i|have i|must i|should i|i (?:still )?(?:need|have|must|ought) to|i(?:'ve| have) (?:yet|still) to|for me to|waiting (?:for|on) (?:me|my)|my (?:turn|signature|pending))\b/;

/** The part-4 intent of a normalised request, if it is one. */
export function workplaceIntentOf(text: string): WorkplaceIntent | undefined {
  if (HEADCOUNT.test(text) || HEADCOUNT_NOW.test(text)) return 'headcount';
  if (TURNOVER.test(text)) return 'turnover';
  if (OWN_TURN.test(text) && (ACKNOWLEDGE.test(text) || SIGNATURE.test(text))) return undefined;
  if (ACKNOWLEDGE.test(text) && ASK_FOR.test(text) && !ASKS_WHO.test(text)) return 'askAcknowledgement';
  if (ACKNOWLEDGE.test(text) && WHO_NOT.test(text)) return 'unacknowledged';
  if (SEND.test(text) && SIGNATURE.test(text)) return 'requestSignatures';
  if (WELCOME.test(text) && POST.test(text)) return 'welcomePost';
  if (UNREAD.test(text) && !/\b(?:send|write|post|reply)\b/.test(text)) return 'unreadMessages';
  const verb = ASSIGN.test(text) || (GIVE.test(text) && ITEM.test(text));
  if (verb && /\bto\s+[a-z]/.test(text) && serialIn(text.replace(/\bto\s+.*$/, ''))) return 'assignItem';
  return undefined;
}

// Words that say what to do or how, never which document or policy is meant.
const NOT_A_TITLE =
  /^(?:the|a|an|our|this|that|please|can|could|you|would|send|sent|get|ask|have|request|circulate|share|email|route|give|out|over)\s+/;

function trimTitle(words: string): string {
  let title = words
    .trim()
    .replace(/["'“”?.!,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (let before = ''; before !== title;) {
    before = title;
    title = title.replace(NOT_A_TITLE, '');
  }
  return title.replace(/\s+(?:yet|still|so far|now|please)$/, '').trim();
}

/** "send the new laptop policy to everyone for signature": the document's words and its signers. */
function signatureSlots(text: string, asWritten: (phrase: string) => string): WorkplaceRequest {
  const body = text.replace(SIGNATURE, ' ').replace(/\s+/g, ' ').trim();
  const sent =
    /\b(?:send|sent|get|circulate|share|email|route|give)\s+(?:out\s+)?(.+?)\s+(?:to|out to|round to)\s+(.+)$/.exec(
      body,
    );
  const asked = /\b(?:ask|have|request|get)\s+(.+?)\s+(?:to sign|sign)\s+(.+)$/.exec(text);
  const title = sent ? trimTitle(sent[1]!) : asked ? trimTitle(asked[2]!) : undefined;
  const who = sent?.[2] ?? asked?.[1] ?? '';
  const everyone =
    /\b(?:everyone|everybody|all (?:the )?(?:employees|staff|people|colleagues)|all of (?:them|us)|the whole (?:company|workspace)|whole company|all)\b/.test(
      who,
    );
  const names = who
    .replace(/\b(?:please|now|today|by \w+|within .*)\b/g, ' ')
    .split(/\s*(?:,|\band\b|&)\s*/)
    .map((n) => n.trim())
    .filter((n) => /^[a-z][a-z'-]*(?: [a-z][a-z'-]*)?$/.test(n) && !/^(?:the|me|us|them)$/.test(n));
  const slots: WorkplaceRequest = {};
  if (title) slots.title = asWritten(title);
  if (everyone) slots.signers = { everyone: true };
  else if (names.length > 0) slots.signers = { names: names.map(asWritten) };
  return slots;
}

/** "who still has not acknowledged the travel policy": the policy's words. */
function policyWords(text: string, asWritten: (phrase: string) => string): WorkplaceRequest {
  const after = /\backnowledg\w*\s+(?:(?:of|for|on)\s+)?(.+)$/.exec(text)?.[1];
  const before = /\b(?:the|our)\s+(.+?)\s+(?:yet\s+)?(?:acknowledg\w*|ack)\b/.exec(text)?.[1];
  const title = trimTitle(after ?? before ?? '');
  return title ? { title: asWritten(title) } : {};
}

/** "send the code of conduct out to all staff for acknowledgement": the policy's words before "to"/"for". */
function askSlots(text: string, asWritten: (phrase: string) => string): WorkplaceRequest {
  const sent = /\b(?:send|circulate|share|publish|email|route)\s+(?:out\s+)?(.+?)(?:\s+out)?\s+(?:to|for)\s/.exec(text);
  return sent ? { title: asWritten(trimTitle(sent[1]!)) } : policyWords(text, asWritten);
}

/** "assign laptop SN123 to Bob": the serial and the person. */
function assignSlots(text: string, asWritten: (phrase: string) => string): WorkplaceRequest {
  const to = /\bto\s+([a-z][a-z'-]*(?:\s+(?!please|now|today|tomorrow|on|for|as|from)[a-z][a-z'-]*)?)/.exec(text);
  const head = to ? text.slice(0, to.index) : text;
  const serial = serialIn(head.replace(/^.*?\b(?:assign|give|hand|allocate|issue|lend|loan)\b/, ''));
  const slots: WorkplaceRequest = {};
  if (serial) slots.serial = asWritten(serial);
  if (to) slots.person = asWritten(to[1]!);
  return slots;
}

/** "post a welcome message for Carol", "a message welcoming Dan to the team": the person welcomed. */
function welcomeSlots(text: string, asWritten: (phrase: string) => string): WorkplaceRequest {
  const STOP = '(?!to\\b|the\\b|our\\b|on\\b|in\\b|who\\b|as\\b|and\\b|please\\b|aboard\\b|back\\b)';
  const name = new RegExp(
    `\\b(?:welcoming|welcome|for|to)\\s+${STOP}([a-z][a-z'-]*(?:\\s+${STOP}(?!message|post|note)[a-z][a-z'-]*)?)(?=\\s*(?:$|[,.!?]|\\bto\\b|\\bwho\\b|\\bas\\b|\\bon\\b|\\bin\\b|\\bplease\\b|\\baboard\\b))`,
  );
  const body = text.replace(/\bwelcome (?:message|post|note|announcement)\b/, 'welcome-post');
  const person = name.exec(body)?.[1];
  return person ? { person: asWritten(person) } : {};
}

/** The slots of a part-4 request; `asWritten` gives a phrase back with the user's casing. */
export function readWorkplaceSlots(
  intent: WorkplaceIntent,
  text: string,
  today: IsoDate,
  asWritten: (phrase: string) => string,
): WorkplaceRequest {
  switch (intent) {
    case 'requestSignatures':
      return signatureSlots(text, asWritten);
    case 'unacknowledged':
      return policyWords(text, asWritten);
    case 'askAcknowledgement':
      return askSlots(text, asWritten);
    case 'assignItem':
      return assignSlots(text, asWritten);
    case 'welcomePost':
      return welcomeSlots(text, asWritten);
    case 'headcount':
      return {
        period: HEADCOUNT_NOW.test(text) ? findPeriodToDate(text, today) : findAnalyticsPeriod(text, today),
        byDepartment: /\b(?:by|per|each|across|for every|split by|broken down by) (?:department|dept)s?\b/.test(text),
        byQuarter: /\b(?:by|per|each) quarter\b|\bquarterly\b/.test(text),
      };
    case 'turnover':
      return {
        period: findAnalyticsPeriod(text, today),
        byQuarter: /\b(?:by|per|each) quarter\b|\bquarterly\b/.test(text),
      };
    case 'unreadMessages':
      return {};
  }
}
