/**
 * Intents: what a request asks for (the rules in intentRules.ts), with its slots filled from its words and dates.
 */

import { asksIfFree, offeredBooking } from './asksIfFree';
import { type IsoDate, addDays, isWeekend, lastDayOfMonth, workingWeek } from './calendar';
import type { WorkedTimes } from './clockTimes';
import type { ClockAction, CompanyIntent } from './companyIntents';
import { type ExpenseMention, type PlaceMention, readCompanySlots } from './companySlots';
import { alternativeDays } from './alternativeDays';
import { withoutAsides } from './asideClauses';
import { deniesPastAbsence } from './pastNotOff';
import { type DateFinding, findDates } from './dates';
import { scanDates } from './dateAtoms';
import { countsHours } from './hoursOff';
import { askWhenLatelyGone } from './lateDates';
import { askWhenWrittenDayGone } from './goneDates';
import { mixedLeaveKinds } from './mixedLeaveKinds';
import { takesBackDays } from './takenBackDays';
import { countsFractionalDays } from './fractionalDays';
import { findExternalCall, type ExternalCall } from './external';
import { namedServer } from './externalToolsList';
import { type PeopleIntent, type PeopleRequest, readPeopleSlots } from './peopleIntents';
import type { FileBookings } from './fileBookings';
import { asWritten, normalise } from './keywords';
import { type Intent, TEAM, asksHowApproved, classify, lifeReason } from './intentRules';
import { type InboxFilters, inboxFilters } from './approvalsInbox';
import { holidayName } from './leaveFacts';
import { asksToMoveLeave } from './moveLeave';
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
import { type WorkplaceIntent, type WorkplaceRequest, readWorkplaceSlots } from './workplaceIntents';
import { askWhichWeek } from './weekUnderWay';
import type { AgentTool, ModelUser } from '../types';

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
  /** The outbound server whose tools are asked about ("what tools does the everything server have"). */
  server?: string;
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
  /** A booking that names a time of day or hours ("off from 3pm Friday"): leave is whole or half days, so ask. */
  clockTime?: boolean;
  /** A booking for a group ("for the team", "for everyone"): leave is one person's, so ask whether it is the user's. */
  groupBooking?: boolean;
  /** A booking whose days are said roughly ("around Christmas", "the 10th or so"): ask which days exactly. */
  roughDates?: boolean;
  /** A booking asked as a question ("is the 4th free to book?"): offer the days, book once told (asksIfFree.ts). */
  asksIfFree?: boolean;
  /** A booking of a repeating pattern ("every Friday in December"): leave is booked for given days, so ask which. */
  recurring?: boolean;
  /** A request to move a leave request already made ("change my leave to Friday"): ask which days (moveLeave.ts). */
  moves?: boolean;
  /** Days of different kinds of leave (mixedLeaveKinds.ts): each kind's days as a request to offer, maybe none. */
  mixedKinds?: string[];
  /** Days said then taken back ("next week except Friday", "Friday, no wait, Thursday"): ask (takenBackDays.ts). */
  takesBackDays?: boolean;
  /** A count of days with a half ("2 and a half days"): ask which are whole (fractionalDays.ts). */
  fractionalDays?: boolean;
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

export type { Intent } from './intentRules';

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
  /\bover (?:the )?(?:christmas|xmas|new year(?:'s)?|easter|the holidays|the festive (?:season|period)|the break)\b|\b(?:around|roughly|approximately|approx|circa|or so|give or take|more or less|ish|sometime near|somewhere around)\b|\b\d{1,2}(?:st|nd|rd|th)?-?ish\b/;
// "Every Friday in December", "Fridays in January", "each other Monday": a pattern, not days.
const RECURRING =
  /\b(?:every|each)\s+(?:other\s+|second\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|weekday|week)s?\b|\b(?:mondays|tuesdays|wednesdays|thursdays|fridays)\b/;
// "From noon" and "at lunchtime" are times of day too: half a day, or the whole one? (bookPlan.ts asks).
const CLOCK_TIME =
  /\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b|\b\d{1,2}h\d{0,2}\b|\b(?:from|at|after|until|till|before)\s+(?:noon|midday|lunch\s?time|lunch)\b/;
// A question or a list about sick days ("my sick days this year") books none.
const ASKS_ABOUT = /^(?:my|how|what|which|when|show|list|did|do|does|have|has)\b/;
const FEELS_SICK =
  /\b(?:i'?m|i am|am|im|feel(?:ing)?|off|called in|staying home)\b.*\b(?:sick|ill|unwell|poorly)\b|\b(?:sick|ill|unwell)\b.*\btoday\b|\bnot feeling (?:well|good|great|too good)\b/;

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
  const colleague = '(?:my (?:colleague|teammate|report|employee)\\s+)?';
  return text.replace(
    new RegExp(`\\b(?:for|of|on behalf of)\\s+${colleague}${name}\\b:?|\\b${name}(?:'s)?\\b`, 'g'),
    ' ',
  );
}

/**
 * "Cancel Bob's leave on Friday": only one's own requests are cancelled (cancel_leave_request), so it is declined with
 * what would do it, rather than looking up (and offering to cancel) the user's own leave on that day.
 */
function othersCancel(intent: Intent, message: string): Refusal | undefined {
  if (intent !== 'cancel') return undefined;
  const subject = leaveSubjectOf(message, undefined);
  if (subject?.kind !== 'person') return undefined;
  return {
    why: 'notSupported',
    text:
      `I can only cancel your own leave requests: ${subject.name} can cancel theirs, or, if it is waiting for ` +
      'your approval, you can reject it.',
  };
}

/** Reads one user message into an `Understanding`. */
export function understand(message: string, ctx: ReadingContext): Understanding {
  const text = withoutAsides(normalise(message).replace(/\b(?:my )?direct reports\b|\bmy reports\b/g, 'my team'));
  const { skeleton, atoms } = scanDates(text);
  const policyOf = findPolicy(text);
  const sick = policyOf !== undefined && 'name' in policyOf && policyOf.name === 'Sick leave';
  // Days already gone: "I was sick on Monday", "I was off on Monday, please book it", "I took Friday off".
  const past = (sick && isPastTense(text)) || PAST_ABSENCE.test(text) || deniesPastAbsence(text);
  let dates = findDates(text, { today: ctx.today, past });
  const external = findExternalCall(message, ctx.tools, ctx.today);
  const ruled = external ? 'external' : (offeredBooking(skeleton, dates) ?? classify(text, dates, message));
  const refused = external ? undefined : (refusalOf(text, ctx.user?.role) ?? othersCancel(ruled, message));
  const classified = refused ? 'refuse' : ruled;
  // "Who approves my leave" is about the approval flow, no one's leave.
  const found =
    SUBJECT_INTENTS.has(classified) && !asksHowApproved(text) ? leaveSubjectOf(message, ctx.user?.role) : undefined;
  const intent = withSubject(classified, found, text);
  // A booking's yearless day that went by lately, or its range under way: this one or next year's? (lateDates.ts).
  // Only bookings: "cancel my leave for 24 June" a week after it means next year's request, the one that can be.
  // A day written with its year that has gone by is asked about too (goneDates.ts).
  if ((intent === 'book' || intent === 'bookForOther') && !past) {
    dates = askWhichWeek(askWhenLatelyGone(dates, atoms, { today: ctx.today }), atoms, { today: ctx.today }, sick);
    dates = alternativeDays(skeleton, askWhenWrittenDayGone(dates, atoms, ctx.today));
  }
  const subject = intent === classified ? undefined : found;
  // A read's days without a year are the nearest ones, gone or to come ("my leave between 1 March and 30 April").
  if ((intent === 'list' || intent === 'othersLeave') && dates.kind !== 'none' && !past) {
    dates = findDates(text, { today: ctx.today, nearest: true });
    // "Who is off the week of 4 July", a Sunday: both weeks it may name are read.
    if (dates.kind === 'invalid' && dates.sunday && dates.spans)
      dates = { kind: 'days', ranges: [{ start: dates.spans[0].start, end: dates.spans[1].end }] };
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
    // "2 and a half days" is no half day: which days are whole is asked (fractionalDays.ts).
    halfDay: isHalfDay(text) && !countsFractionalDays(text),
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
    clockTime: books && (CLOCK_TIME.test(text) || countsHours(text)) ? true : undefined,
    roughDates: books && dates.kind !== 'none' && ROUGH_DATES.test(text) ? true : undefined,
    asksIfFree: intent === 'book' && dates.kind !== 'none' && asksIfFree(text, skeleton) ? true : undefined,
    // The message as written: normalising makes "Fridays" one Friday.
    recurring: books && RECURRING.test(message.toLowerCase()) ? true : undefined,
    groupBooking: groupBooking ? true : undefined,
    moves: intent === 'book' && asksToMoveLeave(text) ? true : undefined,
    // Read before asides are taken out: "I'm sick monday" beside "book friday off" is no aside.
    mixedKinds: books ? mixedLeaveKinds(normalise(message), ctx.today) : undefined,
    takesBackDays: books && takesBackDays(skeleton) ? true : undefined,
    fractionalDays: books && countsFractionalDays(text) ? true : undefined,
    unread: intent === 'notifications' && /\b(?:unread|not (?:yet )?read)\b/.test(text) ? true : undefined,
    server: intent === 'externalTools' ? namedServer(text) : undefined,
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
