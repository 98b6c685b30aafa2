/**
 * The keyword rules that name a request's intent. They are ordered, most specific first, because the same words serve
 * several intents ("request" books leave, "my requests" lists them; "approve Bob's request" decides, "what is waiting
 * for my approval" lists approvals). The first rule that matches wins; what none claims goes to the tool classifier
 * (classifiedPlan.ts). The slots of an intent are read in intents.ts.
 */

import { type CompanyIntent, companyIntentOf } from './companyIntents';
import type { DateFinding } from './dates';
import { scanDates } from './dateAtoms';
import { EXCEPT_WORD } from './exceptedDays';
import { ASKS_EXTERNAL_TOOLS } from './externalToolsList';
import { leaveFactsIntentOf, type LeaveFactsIntent } from './leaveFacts';
import { asksTimeWorked } from './hoursWorkedRead';
import { peopleIntentOf, type PeopleIntent } from './peopleIntents';
import { givesUpLeave } from './noLongerWanted';
import { leftOfOtherThing } from './otherThingsLeft';
import { travelsForWork } from './workTravel';
import { findReason } from './slots';
import { workplaceIntentOf, type WorkplaceIntent } from './workplaceIntents';

/** What a request asks for. */
export type Intent =
  | 'book'
  | 'balance'
  | 'list'
  | 'approvals'
  | 'decide'
  | 'cancel'
  | 'report'
  | 'me'
  | 'manager'
  | 'team'
  | 'notifications'
  | 'greeting'
  | 'thanks'
  | 'help'
  | 'dismiss'
  | 'external'
  | 'externalTools'
  | 'refuse'
  | 'othersLeave'
  | 'othersBalance'
  | 'bookForOther'
  | LeaveFactsIntent
  | CompanyIntent
  | PeopleIntent
  | WorkplaceIntent
  | 'unknown';

// Polite or chatty words that may come before the verb of an imperative ("ok, please approve…").
const POLITE =
  "(?:please|ok|okay|yes|so|then|and|hi|hello|can you|could you|would you|kindly|go ahead and|i want to|i'd like to|i would like to|let's)";
// "who is in the design team", "members of the Platform team", "who works on the people ops team"; not "my team".
export const TEAM =
  /\b(?:who(?:'s| is| are)? (?:in|on|part of)|members of|who works (?:in|on))(?: the)? (?!my\b)([a-z][a-z &-]{0,40}?) team\b/;
// Identity, people, decisions and cancelling come before the company requests; the rest after them.
const FIRST_RULES: { intent: Intent; pattern: RegExp }[] = [
  { intent: 'externalTools', pattern: ASKS_EXTERNAL_TOOLS },
  {
    intent: 'me',
    pattern:
      /\bwho am i\b|\bwhoami\b|\bwhat(?:'s| is) my (?:role|name|email|employee (?:number|id)|account)\b|\bmy (?:profile|account|role)\b|\blogged in as\b|\bwhich (?:account|user)\b/,
  },
  // The company API's people questions (company-api.md, "The agent and MCP over the company API").
  {
    intent: 'manager',
    pattern:
      /\bwho(?:'s| is) my (?:manager|boss|line manager|supervisor)\b|\bwho do i (?:report|answer) to\b|\bwho manages me\b/,
  },
  { intent: 'team', pattern: TEAM },
  { intent: 'notifications', pattern: /\bnotifications?\b|\b(?:what(?:'s| is)|anything) new for me\b/ },
  {
    intent: 'decide',
    pattern: new RegExp(`^(?:${POLITE},?\\s+)*(?:approve|accept|reject|decline|deny|refuse)\\b`),
  },
  { intent: 'cancel', pattern: /\b(?:cancel|withdraw|retract|revoke|take back|delete|remove|call off)\b/ },
];
const LEAVE_NOUN = '(?:leave|holidays?|vacations?|time off|days? off|sick days?|absences?|bookings?|requests?|pto)';
const OWN_LEAVE_READ = new RegExp(
  `^(?:my|what|which|when|do i have|have i|did i|is my|are my|any of my)\\b(?!.*\\b(?:book(?! ?ed)|request(?!s|ed)|take|put in|apply|can i|could i|may i|i'd like|i want|i need)\\b).*\\b(?:${LEAVE_NOUN}|booked|requested|anything)\\b`,
);
const RULES: { intent: Intent; pattern: RegExp }[] = [
  {
    intent: 'approvals',
    pattern:
      /\bapprovals?\b|\bto (?:approve|decide|sign off)\b|\b(?:awaiting|waiting (?:for|on)) (?:my|me)\b|\bneed(?:s|ing)? my (?:approval|decision|sign-?off|ok)\b|\bpending (?:for|on|with) me\b/,
  },
  {
    intent: 'report',
    pattern:
      /\buntaken\b|\bunused\b|\bnot (?:yet )?taken\b|\b(?:haven't|hasn't|have not|has not) taken\b|\breport\b(?!\s+(?:in\s+)?to\b)(?!\s+(?:(?:my|a|an|in)\s+)?(?:sick|ill|absen\w*|illness)\b)|\b(?:who|which employees|which people|employees|everyone|staff)\b.*\b(?:left|remaining)\b/,
  },
  {
    intent: 'balance',
    pattern:
      /\b(?:balances?|allowance|entitlements?|entitled)\b|\bwhat(?:'s| is) left\b|\bremains?\b|\bam i owed\b|\benough (?:days|leave|holidays?|vacation)\b|\b(?:do i have|have i got|i have) left\b|\bdays?\b.*\bcan (?:i )?(?:still )?use\b|\bavailable (?:leave|days|holidays?|vacation|pto)\b|\bquotas?\b|^how (?:many|much) (?:\w+ )?(?:days?|leave|holidays?|vacation|pto|time off)(?: days)?\??$|\bhow (?:many|much)\b.*\b(?:left|remaining|have|got|available|still|do i get|am i allowed|can i take|did i take|have i taken|did i use|used|took|taken)\b|\b(?:days?|leave|holidays?) (?:left|remaining)\b|\bremaining\b|\bleft to take\b|^(?:can|could) i still (?:take|book|use|have) (?:(?:\d+|a few|some|any|more|two|three|four|five|ten) )*(?:more )?(?:days?|leave|holidays?|vacation|time off)\b(?!.*\b(?:on|from|between)\b)/,
  },
  {
    intent: 'list',
    pattern:
      /\b(?:show|list|see|view|display|check|give me|what are|which are|status of|any)\b.*\b(?:requests?|leave|holidays?|bookings?|absences?|time off|days off|vacations?)\b|\b(?:requests|bookings)\b|\bwho(?:'s| is| will be| are| was| were)? (?:off|away|out|absent|on leave|on holiday|on vacation)\b|\bteam(?:'s)? (?:leave|requests|absences|holidays|calendar)\b|^(?:is|are|has|have|was|were) my\b/,
  },
  // "My approved leave", "what leave have I booked", "do I have anything booked next week?": one's own leave, seen.
  { intent: 'list', pattern: OWN_LEAVE_READ },
  // "Has Alice booked anything in March?", "did Bob take Friday off?": a question about leave already there.
  {
    intent: 'list',
    pattern:
      /^(?:has|have|did|does|is|are|was|were|will)\b(?!.*\b(?:ok|okay|possible|fine|allowed|alright|able|enough)\b).*\b(?:booked|requested|taken|took|off|away|out|on (?:leave|holiday|vacation)|approved?|rejected|declined|accepted|cancell?ed)\b/,
  },
  // "Am I off tomorrow?", "do I have Friday off?": a question about one's own leave already there, never a booking.
  {
    intent: 'list',
    pattern:
      /^(?:am i|do i (?:already )?have|have i (?:already )?got)\b(?!.*\b(?:ok|okay|possible|fine|allowed|alright|able|enough|to)\b).*\b(?:booked|requested|off|away|out|on (?:leave|holiday|vacation|annual leave))\b/,
  },
  // "Leave I took last year": what one already had.
  {
    intent: 'list',
    pattern: /^(?:leave|holidays?|days? off|time off) i (?:took|had|booked)\b/,
  },
  {
    intent: 'book',
    pattern:
      /\b(?:book|request|take|taking|put in|put me down|put [a-z]+(?: [a-z]+)? down (?:for|as)|apply|schedule|register|reserve|off)\b|\bout of (?:the )?office\b|\booo\b|\breport(?:ing)? (?:an? |my )?absen\w*|\b(?:leave|holidays?|vacation|pto|half[\s-]?day)\b|\b(?:sick|ill|unwell|poorly)\b|\bnot feeling (?:well|good|great|too good)\b/,
  },
  { intent: 'help', pattern: /\bhelp\b|\bwhat can you do\b|\bwhat do you do\b|\bhow does (?:this|it) work\b/ },
];

// Things a cancel verb may name that are no leave request.
const NOT_LEAVE_THING =
  /\b(?:payslips?|expenses?|claims?|timesheets?|time entr(?:y|ies)|notifications?|account|documents?|posts?|messages?|goals?|enrolments?|tasks?|holidays? (?:on|calendar)|public holidays?)\b/;

const ANALYTICS =
  /\b(?:liability|analytics|statistics|stats|time to hire|days to hire|hiring time|how long does it take (?:us )?to hire|absence rate|absenteeism|(?:expense|spending) totals?|totals? per|per category|per department)\b/;

const OTHER_REQUESTS =
  /\b(?:signature|signing|expense|wfa|work from anywhere|remote work|correction|timesheet|purchase|equipment|training|course|enrolment|document|access|it|hardware|software|overtime|compensation|salary)s? requests?\b/;

// How approvals are routed ("list the approval flows", "how are leave requests approved here"), whatever the request
// type named: the approval flows' tools, not the approvals inbox nor the area's own requests.
const APPROVAL_ROUTING =
  /\bapproval (?:flows?|chains?|routes?|routing|steps?|rules?|process(?:es)?)\b|\bhow (?:are|is|do|does|get|gets)\b.*\bapproved\b|\bwho (?:approves?|signs? off|decides? on)\b/;

/** Whether the request asks how approvals are routed (the approval flows' tools; no one's leave). */
export function asksHowApproved(text: string): boolean {
  return APPROVAL_ROUTING.test(text);
}
// "Documents waiting for my signature", "what do I have to sign": signatures, not the leave approvals inbox.
const SIGNATURES = /\bsignatures?\b|\bto sign\b(?! off)/;

const GREETING = /^(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening)|bonjour|salut|yo)(?: there)?[!. ]*$/;
const THANKS =
  /^(?:(?:ok|okay|great|perfect|cool|nice|brilliant|awesome|fine|good),?\s*)?(?:thanks|thank you|thx|cheers|ta)(?: (?:a lot|so much|very much))?(?:,? (?:that's all|bye|goodbye))?[!. ]*$/;

/** The intent of a normalised request (`message`: as written, for what only capitals tell, like "42 HUF"). */
export function classify(text: string, dates: DateFinding, message = text): Intent {
  if (GREETING.test(text)) return 'greeting';
  if (THANKS.test(text)) return 'thanks';
  for (const rule of FIRST_RULES) {
    if (
      rule.intent === 'cancel' &&
      NOT_LEAVE_THING.test(text) &&
      !/\b(?:leave|holiday|vacation|time off|absence)\b/.test(text)
    ) {
      // "Delete my payslips" cancels no leave request: the classifier, or "I can't".
      continue;
    }
    if (rule.intent === 'cancel') {
      // "Remove the public holiday on 26 December" changes the calendar; it cancels no request.
      const facts = leaveFactsIntentOf(text);
      if (facts) return facts;
    }
    if (rule.pattern.test(text)) return rule.intent;
  }
  if (givesUpLeave(text, dates)) return 'cancel';
  if (asksHowApproved(text)) return 'unknown';
  const workplace = workplaceIntentOf(text);
  if (workplace) return workplace;
  // "Leave liability at the end of 2026", "expense totals this year": figures over everyone, the classifier's.
  if (ANALYTICS.test(text)) return 'unknown';
  const company = companyIntentOf(text, message);
  if (company) return company;
  const people = peopleIntentOf(text);
  if (people) return people;
  const facts = leaveFactsIntentOf(text);
  if (facts) return facts;
  // "How many hours have I worked this week": working time, not a leave balance; the classifier's.
  if (/\bhours?\b/.test(text) && /\b(?:worked|work|logged|clocked|put in)\b/.test(text)) return 'unknown';
  if (asksTimeWorked(text)) return 'unknown';
  // "My signature requests", "pending WFA requests": requests of another area, not leave; the classifier's.
  if (OTHER_REQUESTS.test(text)) return 'unknown';
  if (SIGNATURES.test(text)) return 'unknown';
  if (travelsForWork(text)) return 'unknown';
  for (const rule of RULES) {
    if (rule.intent === 'balance' && leftOfOtherThing(text)) continue;
    if (rule.pattern.test(text)) return rule.intent;
  }
  if (dates.kind === 'none') return 'unknown';
  // A date alone books ("next Friday", "3-5 May, family trip"); a date beside words the model does not know is
  // another request ("any birthdays this week?", "what's the weather tomorrow"): the classifier's, or a refusal.
  return hasForeignWords(scanDates(text).skeleton) ? 'unknown' : 'book';
}

/** Words that fit a bare booking: dates' glue, politeness, days and parts of days. */
const BOOKING_GLUE = new Set(
  (
    "a an the i i'm im me my we on in at to from for of and or please pls thanks thank you can could would like " +
    'want need off away out day days week weeks month months whole full half morning afternoon all just only also ' +
    'too then so ok okay hi hello hey next this last coming following after before until till through thru between ' +
    'starting start ending end rest both working business calendar again instead as well one two three four five ' +
    'six seven eight nine ten eleven twelve couple few commencing beginning begins starts entire now long weekend ' +
    "going i'll will be"
  ).split(' '),
);

/** The words of a bare booking's skeleton that are neither glue nor its reason ("doctor appointment"). */
function foreignWords(skeleton: string): string[] {
  const reason = findReason(skeleton);
  // "Next week except Friday": the word that takes days out is the dates' own (exceptedDays.ts).
  const rest = (reason ? skeleton.replace(reason, ' ') : skeleton).replace(EXCEPT_WORD, ' ');
  const words = rest.match(/[a-z][a-z']*/g) ?? [];
  return words.filter((word) => !BOOKING_GLUE.has(word) && !/^(?:[a-z]{1,2}|\d+(?:st|nd|rd|th))$/.test(word));
}

/** A word of a day off's reason, a possessive as its word: "doctor's appointment", "my son's wedding". */
const isLifeWord = (word: string) => LIFE_WORDS.has(word.replace(/'s$/, ''));

function hasForeignWords(skeleton: string): boolean {
  const words = foreignWords(skeleton);
  return words.length > 0 && !words.every(isLifeWord);
}

/**
 * What a day off is for, said without "for" or "because": "dentist friday afternoon", "jury duty next monday".
 * Beside a date alone, these words are the booking's reason.
 */
const LIFE_WORDS = new Set(
  (
    'doctor doctors dentist dental hospital appointment appt checkup check-up surgery operation physio therapy ' +
    'vet wedding funeral moving move house exam exams graduation school kids kid child children baby jury duty ' +
    'court visa passport interview dmv errands family trip travel travelling traveling flight christening ' +
    'birthday anniversary religious holiday festival conference training course volunteering blood donation ' +
    'son daughter sister brother mother father mum mom dad wife husband partner'
  ).split(' '),
);

/** The reason a bare booking's own words give, when they are all life words. */
export function lifeReason(skeleton: string): string | undefined {
  const words = foreignWords(skeleton);
  return words.length > 0 && words.every(isLifeWord) ? words.join(' ') : undefined;
}
