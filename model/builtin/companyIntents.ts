/**
 * The company API's everyday requests (issue 19, item 6): clocking in and out, time one forgot to clock, an expense,
 * working from abroad, who is abroad, a payslip. Each is recognised by what it must say (a payslip word; work words
 * with times of day; an amount or a distance with an expense word), so leave requests keep their own rules. Read on
 * the normalised text; intents.ts asks these after its identity, decision and cancel rules and before the others.
 */

import { findAmount, findDistance } from './amounts';
import { findBreakMinutes, findWorkedTimes } from './clockTimes';
import { scanDates } from './dateAtoms';
import { findCategory } from './expenseCategories';
import { logsHoursWorked } from './hoursLogged';

/** The company API intents. */
export type CompanyIntent = 'clock' | 'timeEntry' | 'expense' | 'workAbroad' | 'abroad' | 'payslip';

/** What a clock request does now. */
export type ClockAction = 'in' | 'out' | 'breakStart' | 'breakEnd';

const PAYSLIP = /\b(?:pay ?slips?|pay ?stubs?|pay ?checks?|salary slips?|wage slips?|pay statements?)\b/;

const ABROAD_WORDS =
  '(?:abroad|overseas|out of the country|in another country|from another country|in other countries|from other countries|working from anywhere|on work from anywhere|on wfa)';
const ABROAD = new RegExp(
  `\\b(?:who|anyone|anybody|people|colleagues|employees|everyone|team ?mates)\\b.*\\b${ABROAD_WORDS}`,
);

const WORK_WORDS =
  /\b(?:work|worked|working|works|clock|clocked|clocking|punch|punched|shift|hours|log|logged|record|time entry|timesheet|was in|was at (?:work|the office))\b/;
const FORGOT = /\b(?:forgot|forget|forgotten|didn't|did not|failed) to (?:clock|punch|log|record)\b/;

// "my lunch break", "a quick coffee break".
const KIND = '(?:(?:lunch|coffee|tea|short|quick|little|long)\\s+){0,2}';
const CLOCK: { action: ClockAction; pattern: RegExp }[] = [
  {
    action: 'breakEnd',
    pattern: new RegExp(
      `\\b(?:end|ending|finish|finishing|stop|stopping|over with)\\s+(?:my |the |our )?${KIND}break\\b|\\bback from (?:my |the |a |our )?${KIND}break\\b|\\bbreak(?:'s| is) (?:over|done|finished)\\b|\\bback (?:to work|from lunch)\\b`,
    ),
  },
  {
    action: 'breakStart',
    pattern: new RegExp(
      `\\b(?:start|starting|begin|beginning|take|taking|going on|go on|have|having|on|off (?:to|for|on))\\s+(?:my |a |the |our )?${KIND}break\\b|\\bbreak (?:time|now)\\b|\\b(?:going|off|heading) (?:for|to) lunch\\b`,
    ),
  },
  {
    action: 'in',
    pattern:
      /\b(?:clock|clocking|punch|punching)(?: me)? in\b|\bclock-in\b|\b(?:start|starting|begin|beginning)(?: my| the)? (?:work ?day|shift|working day|work)\b/,
  },
  {
    action: 'out',
    pattern:
      /\b(?:clock|clocking|punch|punching)(?: me)? out\b|\bclock-out\b|\b(?:end|ending|finish|finishing|stop|stopping)(?: my| the)? (?:work ?day|shift|working day|work)\b|\bdone (?:for|with) (?:the day|today|work)\b|\bcalling it a day\b/,
  },
];

/** What a clock request does, when it is one. */
export function findClockAction(text: string): ClockAction | undefined {
  return CLOCK.find(({ pattern }) => pattern.test(text))?.action;
}

// "work from Lisbon", "working remotely from Tokyo", "work abroad in Porto": not from home, the office or a date.
const NOT_A_PLACE =
  '(?!(?:the\\s+)?(?:home|office|anywhere|abroad|here|there|another|a|an|my|next|this|last|some|morning|afternoon|evening|weekend|same|team|project|company|one|two|three|four|five|six|seven|eight|nine|ten|days?|weeks?|months?)\\b)';
const PLACE_AFTER = [
  new RegExp(
    `\\b(?:work|working|works)\\s+(?:remotely\\s+|abroad\\s+|from abroad\\s+)?(?:from|in|out of)\\s+${NOT_A_PLACE}([a-z])`,
    'd',
  ),
  new RegExp(
    `\\b(?:wfa|work from anywhere|workation|remote work)\\b.*?\\b(?:from|in|to|for|at)\\s+${NOT_A_PLACE}([a-z])`,
    'd',
  ),
  // "work from anywhere request: Berlin, Germany, 1-5 March"
  new RegExp(`\\b(?:wfa|work from anywhere|workation)(?: request)?\\s*[:,-]\\s*${NOT_A_PLACE}([a-z])`, 'd'),
];

/** Where the place starts in a skeleton asking to work from one ("work from §0§" names none), if it does. */
export function placeStart(skeleton: string): number | undefined {
  for (const pattern of PLACE_AFTER) {
    const at = pattern.exec(skeleton)?.indices?.[1]?.[0];
    if (at !== undefined) return at;
  }
  return undefined;
}

const EXPENSE =
  /\b(?:expenses?|expensed|expensing|claim|claimed|claiming|reimburse|reimbursed|reimbursement|receipts?)\b/;
const SPENT = /\b(?:spent|spend|paid|pay|cost|bought)\b/;
const LISTING =
  /^(?:show|list|what|which|how many|how much|status|do i have|have i|did i|any)\b|^my (?:\w+ )?(?:pending|draft|submitted|approved|rejected|paid|open|past|recent|last)\b/;

// Without an amount, expense words ask for a new claim only when nothing says otherwise: "my expenses", "expense
// categories", "the limit on meal expenses", "withdraw my last claim" are reads or other writes, never a claim to make.
const NOT_A_NEW_CLAIM =
  /^(?:(?:show |list |see )?(?:my|our|the|all|all my|all the) )?(?:\w+ )?(?:expenses|claims|receipts|expense claims)\s*[?.!]*$|\b(?:categor(?:y|ies)|limits?|policy|policies|rules?|rates?|allowed|maximum|max|withdraw|delete|remove|cancel|edit|update|change|approve|reject|decline|status|analytics|totals?|report)\b/;

/** The company intent of a normalised request, if it is one; `message` is the request as written. */
export function companyIntentOf(text: string, message: string): CompanyIntent | undefined {
  if (PAYSLIP.test(text)) return 'payslip';
  if (ABROAD.test(text)) return 'abroad';
  // Times of day are about work when the text says so, or when they could be nothing else ("9am-5:30pm").
  const times = findWorkedTimes(text);
  if (times && (times.marked || WORK_WORDS.test(text) || findBreakMinutes(text))) return 'timeEntry';
  if (FORGOT.test(text)) return 'timeEntry';
  if (logsHoursWorked(text)) return 'timeEntry';
  if (findClockAction(text)) return 'clock';
  // An amount is an expense when the text says so, or says what was bought ("EUR 42.50 taxi on Tuesday").
  const money = findAmount(text, message) !== undefined || findDistance(text) !== undefined;
  if (EXPENSE.test(text) && (money || (!LISTING.test(text) && !NOT_A_NEW_CLAIM.test(text)))) return 'expense';
  if (money && (SPENT.test(text) || findCategory(text, message) !== undefined)) return 'expense';
  if (placeStart(scanDates(text).skeleton) !== undefined) return 'workAbroad';
  // "Work from anywhere request: Berlin, Germany, 1-5 March" names the request outright.
  if (
    /\b(?:work(?:ing)? from anywhere|wfa)\b/.test(text) &&
    !LISTING.test(text) &&
    !/\b(?:requests|approvals?)\b/.test(text)
  ) {
    return 'workAbroad';
  }
  return undefined;
}
