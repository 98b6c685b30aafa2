/**
 * The company API's people-process requests (issue 20, item 7): one's onboarding or offboarding tasks, marking one
 * done, moving a candidate to a stage, certificates that expire soon, enrolling in a course, how one's goals are
 * going. Each is recognised by the words it must hold (a process word with a task word; a done verb; a move verb
 * with a stage; a certificate word with an expiry word; an enrol verb with a course word; a goal word) and read
 * into the one slot object below. Read on the normalised text; intents.ts asks these right after the other company
 * requests.
 */

import { addDays, type IsoDate } from './calendar';

export type PeopleIntent =
  'processTasks' | 'completeTask' | 'moveCandidate' | 'expiringCertificates' | 'enrol' | 'goals';

export type ProcessKind = 'onboarding' | 'offboarding';
export const candidateStages = ['applied', 'screening', 'interview', 'offer'] as const;
export type CandidateStage = (typeof candidateStages)[number];

/** What a people-process request names. */
export interface PeopleRequest {
  /** Tasks: whose process kind (onboarding unless the text says offboarding or leaving). */
  process?: ProcessKind;
  /** The words that name a task, a course, or (as written) a candidate. */
  words?: string;
  candidate?: string;
  stage?: CandidateStage;
  /** Certificates: those already expired rather than those expiring soon. */
  expired?: boolean;
  /** Certificates: those expiring before this day (exclusive), and the window in words. */
  expiresBefore?: IsoDate;
  window?: string;
  /** Goals: `2026-Q3`, `2026-H1` or `2026`. */
  period?: string;
  /** Tasks: HR's pool rather than one's own ("onboarding tasks waiting for HR"). */
  assignee?: 'me' | 'hr';
  /** Tasks or goals: the status asked for ("my open to-dos", "completed goals"), as the tool spells it. */
  status?: string;
}

const PROCESS = /\b(?:on-?boarding|off-?boarding)\b/;
const TASK_WORDS = /\b(?:tasks?|checklists?|to-?dos?|to do list|list|steps|left|remaining|open)\b/;
const DONE =
  /\b(?:mark|tick|check|cross)\b.*\b(?:done|complete|completed|finished|off)\b|\b(?:complete|finish|close)\b.*\btask\b|\btask\b.*\b(?:is|as) (?:done|complete|completed|finished)\b/;
const OFFBOARDING = /\b(?:off-?boarding|leaving|leaver|hand-?over|exit interview|return (?:the |my )?equipment)\b/;

const STAGE_WORDS: Record<string, CandidateStage> = {
  applied: 'applied',
  screening: 'screening',
  screen: 'screening',
  interview: 'interview',
  interviews: 'interview',
  interviewing: 'interview',
  offer: 'offer',
  offers: 'offer',
};
// "move Jane Doe to the interview stage", "advance Maria Garcia to offer".
const MOVE =
  /\b(?:move|advance|progress|push|put|bring|send)\s+(.+?)\s+(?:on |forward |along )?(?:to|into|through to)\s+(?:the\s+)?(applied|screening|screen|interviews?|interviewing|offers?)\b(?:\s+(?:stage|step|round|phase))?/;

const CERTIFICATE = /\b(?:certificat\w*|certs?|licen[cs]es?|accreditations?)\b/;
// "Which certifications have expired", "expired licences": gone already, not expiring soon.
const ALREADY_EXPIRED = /\b(?:expired|lapsed|out of date|no longer valid)\b/;
const EXPIRY = /\b(?:expir\w*|run(?:ning)? out|lapse\w*|due for renewal|renew\w*|valid until|out of date)\b/;

const ENROL =
  /\b(?:enrol|enroll|enrolled|enrolling|sign me up|sign up|register me|book me|put me (?:down|on)|add me|join|sign me on)\b/;
const COURSE = /\b(?:course|training|class|workshop|session|module|programme|program|certification course)\b/;

const GOALS = /\b(?:goals?|okrs?|objectives?|key results?)\b/;

/** The people-process intent of a normalised request, if it is one. */
export function peopleIntentOf(text: string): PeopleIntent | undefined {
  if (MOVE.test(text) && !/\b(?:leave|holiday|meeting|shift)\b/.test(text)) return 'moveCandidate';
  if (CERTIFICATE.test(text) && EXPIRY.test(text)) return 'expiringCertificates';
  if (CERTIFICATE.test(text) && ALREADY_EXPIRED.test(text)) return 'expiringCertificates';
  if (ENROL.test(text) && COURSE.test(text)) return 'enrol';
  // "Mark Bob as off sick tomorrow" is leave, no task ticked off.
  const aboutLeave =
    /\b(?:sick|ill|unwell|leave|holidays?|vacation|absent|pto)\b/.test(text) && !/\btasks?\b/.test(text);
  if (DONE.test(text) && !aboutLeave && (PROCESS.test(text) || /\btask\b/.test(text) || /\b(?:tick|mark)\b/.test(text)))
    return 'completeTask';
  // "List offboarding processes", "onboarding templates" ask for the processes, not one's tasks: the classifier's.
  const processesAsked = /\b(?:process(?:es)?|templates?)\b/.test(text) && !/\btasks?\b/.test(text);
  if (PROCESS.test(text) && TASK_WORDS.test(text) && !processesAsked) return 'processTasks';
  if (GOALS.test(text)) return 'goals';
  return undefined;
}

// Words that say what to do, never which task or course is meant.
const FILLER = new Set(
  (
    "a an the my me i i've ive have has had it its this that as is was be to for on in of and please can could you " +
    'would will just now mark marked tick ticked check checked cross off done complete completed finish finished ' +
    'close task tasks item onboarding offboarding list enrol enroll enrolled enrolling sign signed up register book ' +
    "put add join course training class workshop session module programme program want like i'd id"
  ).split(' '),
);

/** The words of `text` that name a thing (a task, a course): what is left without the filler. */
export function namingWords(text: string): string[] {
  return text
    .replace(/["'.,!?;:()]/g, ' ')
    .replace(/-/g, ' ')
    .replace(/\bsetup\b/g, 'set up')
    .split(/\s+/)
    .filter((w) => w.length > 0 && !FILLER.has(w));
}

/** The first instant's day of a quarter, and the period name, for the quarter `q` of `year`. */
function quarterStart(year: number, q: number): IsoDate {
  return `${year}-${String((q - 1) * 3 + 1).padStart(2, '0')}-01`;
}

/** "Q3": the latest third quarter that has begun by `today` (a goal of Q3 asked about in November is this year's). */
function quarterPeriod(text: string, today: IsoDate): string | undefined {
  const quarter = /\bq([1-4])(?:\s*(?:of\s+)?(20\d\d))?\b/.exec(text);
  if (quarter) {
    const q = Number(quarter[1]);
    const year = quarter[2] ? Number(quarter[2]) : Number(today.slice(0, 4));
    return `${quarterStart(year, q) > today && !quarter[2] ? year - 1 : year}-Q${q}`;
  }
  const half = /\bh([12])(?:\s*(20\d\d))?\b/.exec(text);
  if (half) {
    const h = Number(half[1]);
    const year = half[2] ? Number(half[2]) : Number(today.slice(0, 4));
    const begins = h === 1 ? `${year}-01-01` : `${year}-07-01`;
    return `${begins > today && !half[2] ? year - 1 : year}-H${h}`;
  }
  if (/\bthis quarter\b/.test(text)) {
    const month = Number(today.slice(5, 7));
    return `${today.slice(0, 4)}-Q${Math.floor((month - 1) / 3) + 1}`;
  }
  const year = /\b(?:for |in |of )?(20\d\d)\b/.exec(text);
  if (year) return year[1];
  if (/\bthis year\b/.test(text)) return today.slice(0, 4);
  return undefined;
}

/** The window a question about expiring certificates means: its end (exclusive) and how to say it. */
function expiryWindow(text: string, today: IsoDate): { expiresBefore: IsoDate; window: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const firstOfMonth = (y: number, m: number): IsoDate =>
    m > 12 ? `${y + 1}-${String(m - 12).padStart(2, '0')}-01` : `${y}-${String(m).padStart(2, '0')}-01`;
  const quarterEnd = Math.floor((month - 1) / 3) * 3 + 4;
  if (/\bnext quarter\b/.test(text))
    return { expiresBefore: firstOfMonth(year, quarterEnd + 3), window: 'by the end of next quarter' };
  if (/\b(?:this|the current|current) quarter\b|\bquarter\b/.test(text))
    return { expiresBefore: firstOfMonth(year, quarterEnd), window: 'this quarter' };
  if (/\bnext month\b/.test(text))
    return { expiresBefore: firstOfMonth(year, month + 2), window: 'by the end of next month' };
  if (/\b(?:this|the current) month\b|\bmonth\b/.test(text))
    return { expiresBefore: firstOfMonth(year, month + 1), window: 'this month' };
  if (/\bnext year\b/.test(text)) return { expiresBefore: `${year + 2}-01-01`, window: 'by the end of next year' };
  if (/\b(?:this|the) year\b|\bend of (?:the )?year\b|\byear end\b/.test(text))
    return { expiresBefore: `${year + 1}-01-01`, window: 'this year' };
  const span = /\b(?:next|coming|within(?: the next)?|in the next)\s+(\d{1,3})\s+(days?|weeks?|months?)\b/.exec(text);
  if (span) {
    const n = Number(span[1]);
    const unit = span[2]!.replace(/s$/, '');
    const days = unit === 'day' ? n : unit === 'week' ? n * 7 : n * 30;
    return { expiresBefore: addDays(today, Math.min(days, 3650) + 1), window: `in the next ${n} ${span[2]}` };
  }
  return { expiresBefore: addDays(today, 91), window: 'in the next 90 days' };
}

/** The slots of a people-process request; `asWritten` gives a phrase back with the user's casing. */
export function readPeopleSlots(
  intent: PeopleIntent,
  text: string,
  today: IsoDate,
  asWritten: (phrase: string) => string,
): PeopleRequest {
  switch (intent) {
    case 'processTasks': {
      const assignee = /\b(?:for|of|waiting for|assigned to|on) hr\b|\bhr(?:'s)? (?:tasks|to-?dos?)\b/.test(text)
        ? 'hr'
        : undefined;
      const status = /\bopen\b/.test(text)
        ? 'OPEN'
        : /\b(?:done|completed|finished)\b/.test(text)
          ? 'DONE'
          : /\bskipped\b/.test(text)
            ? 'SKIPPED'
            : undefined;
      return {
        process: OFFBOARDING.test(text) ? 'offboarding' : 'onboarding',
        ...(assignee ? { assignee } : {}),
        ...(status ? { status } : {}),
      };
    }
    case 'completeTask': {
      const words = namingWords(text.replace(/\b(?:the )?(?:on|off)-?boarding\b/g, ' ')).join(' ');
      return { process: OFFBOARDING.test(text) ? 'offboarding' : 'onboarding', ...(words ? { words } : {}) };
    }
    case 'moveCandidate': {
      const match = MOVE.exec(text)!;
      const candidate = match[1]!.replace(/^(?:candidate|applicant)\s+/, '').replace(/'s application$/, '');
      return { candidate: asWritten(candidate), stage: STAGE_WORDS[match[2]!]! };
    }
    case 'expiringCertificates':
      // "Have expired" (gone) unless the text looks ahead ("expiring", "will expire", "soon").
      if (ALREADY_EXPIRED.test(text) && !/\b(?:expiring|expires?|will|soon|next|this|before|within|by)\b/.test(text)) {
        return { expired: true, window: 'already' };
      }
      return expiryWindow(text, today);
    case 'enrol': {
      const words = namingWords(text.replace(/^.*?\b(?:in|on|for|to|into)\b/, ' ')).join(' ');
      return words ? { words } : {};
    }
    case 'goals': {
      const period = quarterPeriod(text, today);
      const status = /\b(?:completed|done|achieved|finished)\b/.test(text)
        ? 'COMPLETED'
        : /\bcancell?ed\b/.test(text)
          ? 'CANCELLED'
          : /\b(?:active|open|current|ongoing)\b/.test(text)
            ? 'ACTIVE'
            : undefined;
      return { ...(period ? { period } : {}), ...(status ? { status } : {}) };
    }
  }
}
