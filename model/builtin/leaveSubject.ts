/**
 * Whose leave a request is about. The user's own unless it says otherwise: a person it names ("Bob's balance", "is
 * Alice off on Friday", "book sick leave for Bob", "on behalf of Alice Anders"), or people at large ("who is off next
 * week", "my team's requests", "all pending requests in the company"). The model cannot know a named person's id, so
 * a plan about them first finds them among the people the user may see (peopleLookup.ts).
 */

import { MONTH_NAMES, WEEKDAY_NAMES } from './calendar';
import { FIRST_NAMES } from './firstNames';
import { closestWord, lowerPlain } from './keywords';
import { looksLikeName } from './nameShapedWords';

export type LeaveSubject = { kind: 'person'; name: string } | { kind: 'others' };

/** The person "my manager" names: found through the user's own record (othersLeavePlan.ts). */
export const MY_MANAGER = 'your manager';
// "Is my manager off next week?", "my boss's holidays": the manager's leave, not the user's own.
const MANAGER_LEAVE =
  /\b(?:is|was|will|has|did|does) my (?:line )?(?:manager|boss|supervisor) (?:be )?(?:off|out|away|sick|ill|on (?:leave|holiday|vacation)|booked|taken|back)\b|\bmy (?:line )?(?:manager|boss|supervisor)'s (?:leave|holidays?|vacations?|time off|days off|absences?|requests?|balances?)\b/;

// Words written with a capital that do not name a person: the calendar, holidays, leave types, greetings,
// currencies, countries and the usual first words of a request.
const NOT_NAMES = new Set([
  ...WEEKDAY_NAMES,
  ...MONTH_NAMES,
  ...WEEKDAY_NAMES.map((day) => day.slice(0, 3)),
  ...MONTH_NAMES.map((month) => month.slice(0, 3)),
  ...'tues weds thur thurs sept'.split(' '),
  ...'christmas xmas easter new year years eve boxing day good thanksgiving hanukkah diwali eid ramadan'.split(' '),
  ...'whit whitsun pentecost ascension assumption labour labor bank public national independence'.split(' '),
  ...'annual sick unpaid parental maternity paternity leave holiday holidays vacation pto toil wfh wfa'.split(' '),
  ...'i im hr ok okay please hi hello hey thanks thank dear cheers yes no am pm eur usd gbp chf uk us eu usa'.split(
    ' ',
  ),
  ...'book request take put record register log enter add cancel approve reject show list what which who how'.split(
    ' ',
  ),
  ...'is are was were has have had does do did will can could would should my our the a an on for from in at'.split(
    ' ',
  ),
  ...'any all every each this next last today tomorrow yesterday half full whole team company department'.split(' '),
  ...'when where why off out sorry also and or but then so just it its me we you they he she there here'.split(' '),
]);

// Lowercase words that may stand before "'s" or after "is" and still not name a person.
const NOT_LOWER_NAMES = new Set([
  ...NOT_NAMES,
  ...'that what who where there here let one everyone anyone someone somebody nobody everybody anybody'.split(' '),
  ...'be been being not also still ever never really already just you he she they we i'.split(' '),
  ...'week month weekend manager boss today tomorrow yesterday mine yours his her their'.split(' '),
  // Family and friends whose occasions are a reason for one's own leave: "my sister's wedding".
  ...'sister brother mother father mum mom dad parent parents son daughter wife husband partner kid kids child'.split(
    ' ',
  ),
  ...'children friend friends family baby grandma grandmother grandfather grandpa granny aunt uncle cousin'.split(' '),
  ...'niece nephew doctor dentist colleague neighbour neighbor fiance fiancee girlfriend boyfriend dog cat'.split(' '),
  ...'mate pal buddy bestie twin grandson granddaughter stepmum stepmom stepdad stepson stepdaughter godson'.split(' '),
  ...'goddaughter godmother godfather flatmate roommate landlord teacher vet mother-in-law father-in-law'.split(' '),
]);

/** A word of a name: letters, maybe a hyphen or an apostrophe inside ("Jean-Luc", "O'Neil"). */
const NAME_WORD = "[A-Z][a-z]+(?:-[A-Z]?[a-z]+|'[A-Z][a-z]+)?";
// A capitalised word after these is a place ("a trip to Lisbon", "working in Berlin"), not a person.
const BEFORE_PLACE = /\b(?:in|to|at|into|near|via|visit|visiting|around|across)\s+$/i;
// Verbs that, right after a capitalised first word, say the word is someone's name ("Alice is sick tomorrow").
const AFTER_FIRST_NAME = /^(?:'s\b|\s+(?:is|was|has|had|will|needs|wants|would|called|phoned|rang|took|booked)\b)/;

function isName(word: string): boolean {
  const lower = word.toLowerCase();
  // "Tue-Thu", "Mon-Wed": a range of days written like a double-barrelled name.
  if (lower.includes('-') && lower.split('-').every((part) => NOT_NAMES.has(part))) return false;
  // A misspelt word the model knows ("Decmeber", "Tommorow") is that word, not a name.
  return !NOT_NAMES.has(lower) && closestWord(lower) === undefined;
}

/** A person named with capitals: "Alice", "Alice Anders", "Carol's". */
function capitalisedName(message: string): string | undefined {
  const pattern = new RegExp(`(^|[^A-Za-z'])(${NAME_WORD})(?:\\s+(${NAME_WORD}))?`, 'g');
  for (const m of message.matchAll(pattern)) {
    const start = (m.index ?? 0) + m[1]!.length;
    const first = m[2]!;
    const second = m[3] !== undefined && isName(m[3]) ? m[3] : undefined;
    if (!isName(first)) {
      // "Book Alice …" is no name; "Book Alice Anders" is: retry from the second word.
      if (second) return second;
      continue;
    }
    if (BEFORE_PLACE.test(message.slice(0, start))) continue;
    const sentenceStart = start === 0 || /[.!?:]\s*$/.test(message.slice(0, start));
    if (sentenceStart && !second && !AFTER_FIRST_NAME.test(message.slice(start + first.length))) continue;
    return second ? `${first} ${second}` : first;
  }
  return undefined;
}

/** A person named in lowercase, in a frame only a name fits: "bob's", "is bob off", "on behalf of bob". */
function lowercaseName(text: string): string | undefined {
  const behalf = /\bon behalf of ([a-z][a-z-]+(?: [a-z][a-z-]+)?)/.exec(text);
  if (behalf) {
    const words = behalf[1]!.split(' ').filter((w) => !NOT_LOWER_NAMES.has(w));
    if (words.length > 0) return words.join(' ');
  }
  // Every "'s": in "what's bob's balance" the first is no one's.
  for (const possessive of text.matchAll(/\b([a-z][a-z-]+)'s\b/g)) {
    if (!NOT_LOWER_NAMES.has(possessive[1]!)) return possessive[1];
  }
  const off = /\b(?:is|was|will) ([a-z][a-z-]+) (?:off|out|away|sick|ill|on (?:leave|holiday|vacation))\b/.exec(text);
  if (off && !NOT_LOWER_NAMES.has(off[1]!)) return off[1];
  const asked =
    /\b(?:has|did|does|will) ([a-z][a-z-]+) (?:booked|requested|taken|take|book|request|got|have|ask)\b/.exec(text);
  if (asked && !NOT_LOWER_NAMES.has(asked[1]!)) return asked[1];
  return bookedFor(text);
}

// "Book leave for bob on Friday", "Friday off for my colleague carol chen": a booking "for" a first name, before its
// days or at the end. Without capitals a bare word there may as well be the reason ("for surgery"): only a common
// first name (firstNames.ts) is read as a person, with the word after it as the surname.
const BOOKED_FOR =
  /\b(?:book|request|put|record|register|log|enter|add|schedule|leave|off|holidays?|vacation|day)\b.*?\bfor (?:my (?:colleague|teammate|report|employee) )?([a-z][a-z-]+(?: (?!(?:on|from|next|this|tomorrow|today)\b)[a-z][a-z-]+)?)(?=\s*(?:$|[:,.!?]|\s(?:on|from|next|this|tomorrow|today|between|starting|until|till|in|the \d|\d|monday|tuesday|wednesday|thursday|friday)\b))/;

// "carol is sick today", "bob needs next Monday off": a first name opening the request, before what they are or need.
const NAME_FIRST =
  /^(?:(?:fyi|so|note|ok|okay),? )?([a-z][a-z-]+(?: [a-z][a-z-]+)?) (?:is|was|will be|has been|needs|wants|called in|phoned in|rang in)\b/;
// "put carol down for Friday", "book bob off on the 4th": a first name right after the verb that books for them.
const NAME_AFTER_VERB =
  /\b(?:put|book|sign|mark|register|record) ([a-z][a-z-]+(?: [a-z][a-z-]+)?) (?:down|off|out|as|for)\b/;

// "for bob: Monday off next week": the person a request is for, said first.
const FOR_FIRST = /^for ([a-z][a-z-]+(?: [a-z][a-z-]+)?)\s*[:,-]/;

// Words a frame may take for a surname: "put bob down for Friday", "bob needs Friday off".
const NOT_SURNAMES = new Set('down off out as for sick ill needs wants called phoned rang'.split(' '));

function bookedFor(text: string): string | undefined {
  for (const frame of [BOOKED_FOR, NAME_FIRST, NAME_AFTER_VERB, FOR_FIRST]) {
    const m = frame.exec(text);
    if (!m) continue;
    const [first, second] = m[1]!.split(' ');
    // After "for", a word that is no reason and has a name's shape is a person too ("for zoltan on Friday").
    const alone = second === undefined || NOT_LOWER_NAMES.has(second) || NOT_SURNAMES.has(second);
    const forName =
      (frame === BOOKED_FOR || frame === FOR_FIRST) &&
      !NOT_LOWER_NAMES.has(first!) &&
      // "for tue-thu next week": a range of days written like a double-barrelled name.
      !first!.split('-').every((part) => NOT_NAMES.has(part)) &&
      looksLikeName(first!) &&
      (alone || looksLikeName(second!));
    if (!FIRST_NAMES.has(first!) && !forName) continue;
    return alone ? first : m[1];
  }
  return undefined;
}

const OTHERS =
  /\b(?:who|whom|who's|whose|anyone|anybody|everyone|everybody|someone|somebody|colleagues|employees|staff|people|team|teams|department|reports)\b|\b(?:my|our|the) (?:team|department|dept|reports|direct reports|org|organisation|organization)\b|\bteam'?s\b|\bin (?:the|my|our) (?:team|company|department)\b|\b(?:company|workspace)[- ]wide\b|\beveryone's\b/;

/** Whose leave `message` is about, when it is not the user's own. */
export function leaveSubjectOf(message: string, role: string | undefined): LeaveSubject | undefined {
  if (MANAGER_LEAVE.test(lowerPlain(message))) return { kind: 'person', name: MY_MANAGER };
  const name = capitalisedName(message) ?? lowercaseName(lowerPlain(message));
  if (name) return { kind: 'person', name };
  const text = lowerPlain(message);
  if (OTHERS.test(text)) return { kind: 'others' };
  // HR and the managers asking for "all pending requests" or "all sick leave in November" mean everyone's; an
  // employee only sees their own.
  if (
    role &&
    role !== 'EMPLOYEE' &&
    /\ball\b.*\b(?:requests|leave|absences|time off|holidays)\b/.test(text) &&
    !/\b(?:my|me|i)\b/.test(text)
  ) {
    return { kind: 'others' };
  }
  return undefined;
}

/** A request written as a question ("is Bob off…", "what leave has Alice booked?") asks to see, not to book. */
export function isQuestion(text: string): boolean {
  return (
    /^(?:is|are|was|were|has|have|had|does|do|did|will|who|what|which|when|how|any|anyone)\b/.test(text) ||
    /\?\s*$/.test(text)
  );
}

/** A request about someone else's leave that asks to book it, not to see it: a verb of booking, or a statement. */
export function asksToBook(text: string): boolean {
  if (isQuestion(text) && !/^(?:can|could|would|will) you\b/.test(text)) return false;
  if (/\b(?:book|request|put|record|register|log|enter|add|take|schedule|on behalf of)\b/.test(text)) return true;
  if (/\b(?:is|was|will be|has been|called in) (?:sick|ill|off|out|unwell)\b/.test(text)) return true;
  // "Bob needs Friday off", "for Bob: Monday off next week": what they need, said as a statement, is booked.
  return /\b(?:needs?|wants?|would like)\b.*\b(?:off|leave|holidays?|vacation)\b|^for [^:?]+:.*\boff\b/.test(text);
}
