/**
 * Intents: what a request asks for, with its slots filled. The rules are ordered, most specific first, because the
 * same words serve several intents ("request" books leave, "my requests" lists them; "approve Bob's request" decides,
 * "what is waiting for my approval" lists approvals). The first rule that matches wins.
 */

import { type IsoDate, addDays, isWeekend, lastDayOfMonth, workingWeek } from './calendar';
import type { WorkedTimes } from './clockTimes';
import { type ClockAction, type CompanyIntent, companyIntentOf } from './companyIntents';
import { type ExpenseMention, type PlaceMention, readCompanySlots } from './companySlots';
import { type DateFinding, findDates } from './dates';
import { scanDates } from './dateAtoms';
import { findExternalCall, type ExternalCall } from './external';
import { type PeopleIntent, type PeopleRequest, peopleIntentOf, readPeopleSlots } from './peopleIntents';
import type { FileBookings } from './fileBookings';
import { asWritten, normalise } from './keywords';
import { type InboxFilters, inboxFilters } from './approvalsInbox';
import { type LeaveFactsIntent, holidayName, leaveFactsIntentOf } from './leaveFacts';
import { type LeaveSubject, asksToBook, leaveSubjectOf } from './leaveSubject';
import { type Refusal, refusalOf } from './refusals';
import { findPolicy, type PolicyMention } from './policies';
import {
  type LeaveStatus,
  type Scope,
  findComment,
  findLimit,
  findMinUntakenDays,
  findPerson,
  findReason,
  findScope,
  findStatus,
  findYear,
  isHalfDay,
  isPastTense,
} from './slots';
import { type WorkplaceIntent, type WorkplaceRequest, readWorkplaceSlots, workplaceIntentOf } from './workplaceIntents';
import type { AgentTool, ModelUser } from '../types';

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
  | 'refuse'
  | 'othersLeave'
  | 'othersBalance'
  | 'bookForOther'
  | LeaveFactsIntent
  | CompanyIntent
  | PeopleIntent
  | WorkplaceIntent
  | 'unknown';

/** A request as the model understood it. Answers to its questions fill it in further (see `conversation.ts`). */
export interface Understanding {
  intent: Intent;
  dates: DateFinding;
  policy?: PolicyMention;
  halfDay: boolean;
  reason?: string;
  status?: LeaveStatus;
  scope: Scope;
  year?: number;
  minUntakenDays?: number;
  limit?: number;
  person?: string;
  decision?: 'approve' | 'reject';
  comment?: string;
  /** "approve all of them". */
  all: boolean;
  external?: ExternalCall;
  /** The id of the request the user picked when several matched. */
  pick?: string;
  /** The user confirmed that "N days" means calendar days, weekend included. */
  calendarDays?: boolean;
  /** A booking of the days the attached files list (fileBookings.ts). */
  file?: FileBookings;
  /** The team asked about ("who is in the design team"), as written. */
  team?: string;
  /** Clock in or out, start or end a break (companySlots.ts has the slots of the company requests). */
  clock?: ClockAction;
  /** A stretch of work one forgot to clock: its times on the day of `dates`. */
  worked?: WorkedTimes;
  breakMinutes?: number;
  expense?: ExpenseMention;
  /** Where a work-from-abroad request is. */
  place?: PlaceMention;
  /** A payslip's month, `YYYY-MM`. */
  period?: string;
  /** What a people-process request names (peopleIntents.ts): a task, a candidate and stage, a course, a window. */
  people?: PeopleRequest;
  /** What a part-4 request names (workplaceIntents.ts): a document, signers, an item, a person, a period. */
  workplace?: WorkplaceRequest;
  /** A booking that names a time of day ("off from 3pm Friday"): leave is whole or half days, so ask. */
  clockTime?: boolean;
  /** A booking for a group ("for the team", "for everyone"): leave is one person's, so ask whether it is the user's. */
  groupBooking?: boolean;
  /** A booking whose days are said roughly ("around Christmas", "the 10th or so"): ask which days exactly. */
  roughDates?: boolean;
  /** A note on a clock entry ("clock in, working from home"). */
  note?: string;
  /** "Any unread notifications?". */
  unread?: boolean;
  /** "My upcoming time off": from today on. */
  upcoming?: boolean;
  /** Whose leave, when not the user's own (leaveSubject.ts). */
  subject?: LeaveSubject;
  /** The approvals inbox's filters, when the request names a kind of request or a decided status. */
  inbox?: InboxFilters;
  /** Why the request is declined before any plan (refusals.ts). */
  refusal?: Refusal;
  /** The name of a public holiday to add. */
  holidayName?: string;
}

// Polite or chatty words that may come before the verb of an imperative ("ok, please approve…").
const POLITE =
  "(?:please|ok|okay|yes|so|then|and|hi|hello|can you|could you|would you|kindly|go ahead and|i want to|i'd like to|i would like to|let's)";
// "who is in the design team", "members of the Platform team", "who works on the people ops team"; not "my team".
const TEAM =
  /\b(?:who(?:'s| is| are)? (?:in|on|part of)|members of|who works (?:in|on))(?: the)? (?!my\b)([a-z][a-z &-]{0,40}?) team\b/;
// Identity, people, decisions and cancelling come before the company requests; the rest after them.
const FIRST_RULES: { intent: Intent; pattern: RegExp }[] = [
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
      /\buntaken\b|\bunused\b|\bnot (?:yet )?taken\b|\b(?:haven't|hasn't|have not|has not) taken\b|\breport\b|\b(?:who|which employees|which people|employees|everyone|staff)\b.*\b(?:left|remaining)\b/,
  },
  {
    intent: 'balance',
    pattern:
      /\b(?:balances?|allowance|entitlements?)\b|\bwhat(?:'s| is) left\b|\bremains?\b|\bam i owed\b|\benough (?:days|leave|holidays?|vacation)\b|\b(?:do i have|have i got|i have) left\b|\bdays?\b.*\bcan (?:i )?(?:still )?use\b|\bavailable (?:leave|days|holidays?|vacation|pto)\b|\bquotas?\b|^how (?:many|much) (?:\w+ )?(?:days?|leave|holidays?|vacation|pto|time off)(?: days)?\??$|\bhow (?:many|much)\b.*\b(?:left|remaining|have|got|available|still|do i get|can i take|did i take|have i taken|used|took|taken)\b|\b(?:days?|leave|holidays?) (?:left|remaining)\b|\bremaining\b|\bleft to take\b|^(?:can|could) i still (?:take|book|use|have) (?:(?:\d+|a few|some|any|more|two|three|four|five|ten) )*(?:more )?(?:days?|leave|holidays?|vacation|time off)\b(?!.*\b(?:on|from|between)\b)/,
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
  // "Leave I took last year": what one already had.
  {
    intent: 'list',
    pattern: /^(?:leave|holidays?|days? off|time off) i (?:took|had|booked)\b/,
  },
  {
    intent: 'book',
    pattern:
      /\b(?:book|request|take|taking|put in|put me down|apply|schedule|register|reserve|off)\b|\bout of (?:the )?office\b|\booo\b|\b(?:leave|holidays?|vacation|pto|half[\s-]?day)\b|\b(?:sick|ill|unwell)\b/,
  },
  { intent: 'help', pattern: /\bhelp\b|\bwhat can you do\b|\bwhat do you do\b|\bhow does (?:this|it) work\b/ },
];

const COMPANY_INTENTS = new Set<Intent>(['clock', 'timeEntry', 'expense', 'workAbroad', 'abroad', 'payslip']);
const PEOPLE_INTENTS = new Set<Intent>([
  'processTasks',
  'completeTask',
  'moveCandidate',
  'expiringCertificates',
  'enrol',
  'goals',
]);

const WORKPLACE_INTENTS = new Set<Intent>([
  'requestSignatures',
  'unacknowledged',
  'assignItem',
  'welcomePost',
  'headcount',
  'turnover',
  'unreadMessages',
  'askAcknowledgement',
]);

// Things a cancel verb may name that are no leave request.
const NOT_LEAVE_THING =
  /\b(?:payslips?|expenses?|claims?|timesheets?|time entr(?:y|ies)|notifications?|account|documents?|posts?|messages?|goals?|enrolments?|tasks?|holidays? (?:on|calendar)|public holidays?)\b/;

const ANALYTICS =
  /\b(?:liability|analytics|statistics|stats|time to hire|days to hire|hiring time|how long does it take (?:us )?to hire|absence rate|absenteeism|(?:expense|spending) totals?|totals? per|per category|per department)\b/;

const OTHER_REQUESTS =
  /\b(?:signature|signing|expense|wfa|work from anywhere|remote work|correction|timesheet|purchase|equipment|training|course|enrolment|document|access|it|hardware|software|overtime|compensation|salary)s? requests?\b/;

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
  // "My signature requests", "pending WFA requests": requests of another area, not leave; the classifier's.
  if (OTHER_REQUESTS.test(text)) return 'unknown';
  for (const rule of RULES) if (rule.pattern.test(text)) return rule.intent;
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
    'six seven eight nine ten eleven twelve couple few commencing beginning begins starts entire now long weekend'
  ).split(' '),
);

/** The words of a bare booking's skeleton that are neither glue nor its reason ("doctor appointment"). */
function foreignWords(skeleton: string): string[] {
  const reason = findReason(skeleton);
  const rest = reason ? skeleton.replace(reason, ' ') : skeleton;
  const words = rest.match(/[a-z][a-z']*/g) ?? [];
  return words.filter((word) => !BOOKING_GLUE.has(word) && !/^(?:[a-z]{1,2}|\d+(?:st|nd|rd|th))$/.test(word));
}

function hasForeignWords(skeleton: string): boolean {
  const words = foreignWords(skeleton);
  return words.length > 0 && !words.every((word) => LIFE_WORDS.has(word));
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
    'birthday anniversary religious holiday festival conference training course volunteering blood donation'
  ).split(' '),
);

/** The reason a bare booking's own words give, when they are all life words. */
function lifeReason(skeleton: string): string | undefined {
  const words = foreignWords(skeleton);
  return words.length > 0 && words.every((word) => LIFE_WORDS.has(word)) ? words.join(' ') : undefined;
}

/** What the model knows while reading one message. */
export interface ReadingContext {
  today: IsoDate;
  tools: AgentTool[];
  /** Who asks: a role decides whether "all requests" means everyone's. */
  user?: ModelUser;
}

const SUBJECT_INTENTS = new Set<Intent>(['book', 'list', 'balance', 'unknown']);
const LEAVE_WORDS =
  /\b(?:leave|holidays?|vacations?|time off|days? off|absences?|absent|requests?|requested|booked|calendar|off|away|out)\b/;

/** The intent once whose leave it is about is known: "is Bob off next week?" lists Bob's leave, it books nothing. */
function withSubject(intent: Intent, subject: LeaveSubject | undefined, text: string): Intent {
  if (!subject) return intent;
  // "Absences in my department this year": leave words about others, no rule claimed them.
  if (intent === 'unknown') return LEAVE_WORDS.test(text) ? 'othersLeave' : intent;
  if (intent === 'list') return 'othersLeave';
  if (intent === 'balance') return subject.kind === 'person' ? 'othersBalance' : intent;
  if (subject.kind === 'person') return asksToBook(text) ? 'bookForOther' : 'othersLeave';
  // "Everyone on leave today", "is anyone off on the 4th?": people at large are seen, not booked.
  return asksToBook(text) ? intent : 'othersLeave';
}

function withCasing(phrase: string | undefined, message: string): string | undefined {
  return phrase === undefined ? undefined : asWritten(phrase, message);
}

const PAST_ABSENCE =
  /\bi (?:was|were) (?:off|away|out|absent|on (?:holiday|leave|vacation|annual leave|unpaid leave))\b|\bi (?:took|had)\b.*\boff\b/;
const GROUP_BOOKING =
  /\bfor (?:(?:my|the|our|whole|entire|all(?: of)?(?: the)?)\s+)*(?:team|department|dept|company|office|staff|employees|everyone|everybody|us all|all of us)\b|\bfor us\b/;
const ROUGH_DATES =
  /\b(?:around|roughly|approximately|approx|circa|or so|give or take|more or less|ish|sometime near|somewhere around)\b|\b\d{1,2}(?:st|nd|rd|th)?-?ish\b/;
const CLOCK_TIME = /\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b|\b\d{1,2}h\d{0,2}\b/;
// A question or a list about sick days ("my sick days this year") books none.
const ASKS_ABOUT = /^(?:my|how|what|which|when|show|list|did|do|does|have|has)\b/;
const FEELS_SICK =
  /\b(?:i'?m|i am|am|im|feel(?:ing)?|off|called in|staying home)\b.*\b(?:sick|ill|unwell)\b|\b(?:sick|ill|unwell)\b.*\btoday\b/;

const YEAR_INTENTS = new Set<Intent>(['balance', 'report', 'list', 'othersLeave', 'othersBalance', 'holidays']);

/** "Leave balance 2027": a year said alone is the year of a balance or a report. */
function yearAlone(text: string, intent: Intent): number | undefined {
  if (intent !== 'balance' && intent !== 'othersBalance' && intent !== 'report') return undefined;
  const years = [...text.matchAll(/\b(20\d{2})\b/g)].map((m) => Number(m[1]));
  return years.length === 1 ? years[0] : undefined;
}

/** The text without the person it is about, so "for Bob" is not read as the reason. */
function withoutSubject(text: string, subject: LeaveSubject | undefined): string {
  if (subject?.kind !== 'person') return text;
  const name = subject.name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`\\b(?:for|of|on behalf of)\\s+${name}\\b:?|\\b${name}(?:'s)?\\b`, 'g'), ' ');
}

/** Reads one user message into an `Understanding`. */
export function understand(message: string, ctx: ReadingContext): Understanding {
  const text = normalise(message).replace(/\b(?:my )?direct reports\b|\bmy reports\b/g, 'my team');
  const { skeleton } = scanDates(text);
  const policyOf = findPolicy(text);
  const sick = policyOf !== undefined && 'name' in policyOf && policyOf.name === 'Sick leave';
  // Days already gone: "I was sick on Monday", "I was off on Monday, please book it", "I took Friday off".
  const past = (sick && isPastTense(text)) || PAST_ABSENCE.test(text);
  let dates = findDates(text, { today: ctx.today, past });
  const external = findExternalCall(message, ctx.tools);
  const refused = external ? undefined : refusalOf(text, ctx.user?.role);
  const classified = external ? 'external' : refused ? 'refuse' : classify(text, dates, message);
  const found = SUBJECT_INTENTS.has(classified) ? leaveSubjectOf(message, ctx.user?.role) : undefined;
  const intent = withSubject(classified, found, text);
  const subject = intent === classified ? undefined : found;
  // A read's days without a year are the nearest ones, gone or to come ("my leave between 1 March and 30 April").
  if ((intent === 'list' || intent === 'othersLeave') && dates.kind !== 'none' && !past) {
    dates = findDates(text, { today: ctx.today, nearest: true });
  }
  // "The whole of January" names its days: the month, from its first working day to its last.
  if (dates.kind === 'month' && /\b(?:whole|entire|all of|full)\b/.test(text)) {
    let start = `${dates.year}-${String(dates.month).padStart(2, '0')}-01` as IsoDate;
    let end = lastDayOfMonth(dates.year, dates.month);
    while (isWeekend(start)) start = addDays(start, 1);
    while (isWeekend(end)) end = addDays(end, -1);
    if (start < ctx.today) start = ctx.today;
    if (start <= end) dates = { kind: 'days', ranges: [{ start, end }] };
  }
  // "The whole of next week" names its days: Monday (or today) to Friday.
  if (dates.kind === 'week' && /\b(?:whole|entire|full|all)\b/.test(text)) {
    dates = { kind: 'days', ranges: [workingWeek(dates.monday, ctx.today)] };
  }
  // "Tomorrow and the day after", "Friday and the day before": one day said, its neighbour named by reference.
  const neighbour = /\band the (?:day|one) (after|before)\b(?! (?:tomorrow|yesterday))/.exec(text);
  if (
    neighbour &&
    dates.kind === 'days' &&
    dates.ranges.length === 1 &&
    dates.ranges[0]!.start === dates.ranges[0]!.end
  ) {
    const day = dates.ranges[0]!.start;
    const other = addDays(day, neighbour[1] === 'after' ? 1 : -1);
    dates = { kind: 'days', ranges: [other > day ? { start: day, end: other } : { start: other, end: day }] };
  }
  // "I'm sick" / "I'm off sick" in the present tense is about today; "sick leave" alone says no day.
  if (
    intent === 'book' &&
    sick &&
    !past &&
    dates.kind === 'none' &&
    (FEELS_SICK.test(text) || (!/\bleave\b/.test(text) && !ASKS_ABOUT.test(text)))
  ) {
    dates = { kind: 'days', ranges: [{ start: ctx.today, end: ctx.today }] };
  }
  const decision = /\b(?:reject|decline|deny|refuse)\b/.test(text) ? 'reject' : 'approve';
  const afterVerb = skeleton.replace(/^.*?\b(?:approve|accept|reject|decline|deny|refuse|cancel)\b/, '');
  const decides = intent === 'decide';
  // A name is no leave type: "Alice Anders leave in January" is about Alice, not an "anders leave" policy.
  const policy = subject?.kind === 'person' ? findPolicy(withoutSubject(text, subject)) : policyOf;
  const books = intent === 'book' || intent === 'bookForOther';
  const lists = intent === 'list' || intent === 'othersLeave';
  const groupBooking = books && GROUP_BOOKING.test(text);
  const understanding: Understanding = {
    intent,
    dates,
    halfDay: isHalfDay(text),
    scope: findScope(text),
    all: /\b(?:all|every|everything|each)\b/.test(text),
    policy,
    reason:
      books && !groupBooking
        ? withCasing(findReason(withoutSubject(skeleton, subject)) ?? lifeReason(skeleton), message)
        : undefined,
    status: lists || intent === 'cancel' ? findStatus(text) : undefined,
    year: YEAR_INTENTS.has(intent) ? (findYear(text, ctx.today) ?? yearAlone(text, intent)) : undefined,
    minUntakenDays: intent === 'report' ? findMinUntakenDays(text) : undefined,
    limit: lists ? findLimit(text) : undefined,
    person: decides
      ? withCasing(findPerson(afterVerb.replace(/\b(?:because|saying|with)\b.*$/, '')), message)
      : undefined,
    decision: decides ? decision : undefined,
    comment: decides ? withCasing(findComment(text), message) : undefined,
    external,
    team: intent === 'team' ? withCasing(TEAM.exec(text)?.[1], message) : undefined,
    subject,
    holidayName: intent === 'addHoliday' ? holidayName(message) : undefined,
    refusal: refused,
    inbox: intent === 'approvals' ? inboxFilters(text) : undefined,
    upcoming: lists && /\b(?:upcoming|coming up|future|planned|ahead)\b/.test(text) ? true : undefined,
    clockTime: books && CLOCK_TIME.test(text) ? true : undefined,
    roughDates: books && dates.kind !== 'none' && ROUGH_DATES.test(text) ? true : undefined,
    groupBooking: groupBooking ? true : undefined,
    unread: intent === 'notifications' && /\b(?:unread|not (?:yet )?read)\b/.test(text) ? true : undefined,
  };
  if (COMPANY_INTENTS.has(intent))
    Object.assign(understanding, readCompanySlots(intent as CompanyIntent, text, message, ctx.today));
  if (PEOPLE_INTENTS.has(intent)) {
    const slots = readPeopleSlots(intent as PeopleIntent, text, ctx.today, (phrase) => asWritten(phrase, message));
    understanding.people = slots;
  }
  if (WORKPLACE_INTENTS.has(intent)) {
    const write = (phrase: string) => asWritten(phrase, message);
    understanding.workplace = readWorkplaceSlots(intent as WorkplaceIntent, text, ctx.today, write);
  }
  // Slots the request does not fill are left out, so an understanding reads (and compares) as what was said.
  for (const key of Object.keys(understanding) as (keyof Understanding)[]) {
    if (understanding[key] === undefined) delete understanding[key];
  }
  return understanding;
}
