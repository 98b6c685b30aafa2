/**
 * Requests the assistant declines before planning anything, with the true reason: what no HR assistant does (the
 * weather, poems, moving money), and what the user's role does not allow (an employee asking for admin rights, to
 * change their own allowance or manager, to dismiss someone, or for a colleague's salary, address or ID numbers).
 * The API would refuse these too; saying so at once beats proposing an action that can only fail, or reading a date in
 * the request as a booking.
 */

export interface Refusal {
  why: 'outOfScope' | 'role' | 'notSupported';
  text: string;
}

const OUT_OF_SCOPE =
  /\b(?:weather|forecast|poems?|jokes?|songs?|lyrics|recipes?|translate|translation|essay|stock price|football|soccer|horoscope|movie|film|restaurant|pizza|sushi|burger|transfer (?:\d+|money|funds)|wire (?:\d+|money)|bank transfer|lottery|bitcoin|crypto|capital of)\b|\b(?:book|reserve|find|buy|get) (?:me )?(?:a |an |the )?(?:cheap )?(?:flights?|hotels?|hotel rooms?|train tickets?|plane tickets?|airbnb)\b|\border (?:food|lunch|dinner|a taxi|an uber)\b|\bwrite (?:me )?(?:a|an|some) (?:code|story|poem|song|essay|email|e-mail|letter|cover letter)\b|\b(?:book|call|get) (?:me )?(?:a|an) (?:taxi|cab|uber|table|rental car|meeting room)\b/;

// Meetings and rooms ("book a meeting with Bob on Friday", "schedule a 1:1 tomorrow", "book the conference room"):
// the calendar's, not HR's. Their day read as leave booked the user off on it.
const MEETINGS =
  /\b(?:book|schedule|set up|arrange|organi[sz]e|reserve|cancel|move|reschedule)\s+(?:me\s+)?(?:(?:a|an|the|my|our)\s+)?(?:[a-z0-9:-]+\s+)?(?:meetings?|1:1s?|one[- ]on[- ]ones?|1[- ]on[- ]1s?|conference rooms?|meeting rooms?|video calls?|calls? with)\b/;

// What the assistant has no tool for, though it sounds like work: accounts and passwords live with the identity
// provider, not here.
const NO_TOOL = /\b(?:reset|change|forgot|forgotten|recover)\b.*\bpassword\b|\bunlock my account\b/;

// Bulk deletion of people or data: no tool does it, and none should through a chat. Found verb, then quantifier, then
// object, each after the last (the first of each is the best choice): one regex with two `.*` between them backtracks
// cubically, seconds on an 8 000-character message.
const DELETE_VERB = /\b(?:delete|remove|erase|wipe|purge)\b/;
const EVERY_ONE = /\b(?:all|every|everyone|everybody|entire|whole)\b/;
const DELETABLE = /\b(?:employees?|people|staff|users?|accounts?|data|database|records?|company)\b/;

function asksBulkDelete(text: string): boolean {
  if (/\b(?:wipe|drop|purge) the database\b/.test(text)) return true;
  const verb = DELETE_VERB.exec(text);
  if (!verb) return false;
  const afterVerb = text.slice(verb.index + verb[0].length);
  const every = EVERY_ONE.exec(afterVerb);
  return every !== null && DELETABLE.test(afterVerb.slice(every.index + every[0].length));
}

// Deciding on one's own request or pay: nobody approves their own leave or sets their own salary, whatever the role.
const OWN_DECISION: { pattern: RegExp; text: string }[] = [
  {
    pattern:
      /^(?:(?:please|can you|could you|can i|let me|i want to|i'd like to|i will|i'll)\s+)*(?:approve|accept|sign off)\b(?:\s+\w+){0,2}?\s+my (?:own )?(?:leave|holiday|vacation|time off|request|expense|claim|timesheet|overtime)\b|\bapprove (?:it|this|that) myself\b/,
    text: 'nobody decides their own request: it goes to your approver',
  },
  {
    pattern:
      /\b(?:give|grant|award) (?:me|myself) (?:a |an )?(?:raise|pay rise|salary increase|bonus|higher salary)\b|\b(?:increase|raise|double|triple|change|set|update|bump)\b.*\bmy (?:own )?(?:salary|pay|wages?|bonus|compensation)\b/,
    text: 'nobody changes their own pay: compensation changes are proposed by HR and approved by someone else',
  },
];

// Moving a leave request that exists ("move my leave from Monday to Tuesday", "change my holiday to start on the 3rd"):
// no operation changes a request's days, and booking the new days beside the old ones is not what was asked. In a
// thread that just booked, "make it Tuesday instead" is a follow-up (followUps.ts), planned before this is read.
const MOVE_LEAVE =
  /\b(?:move|shift|postpone|push back|bring forward)\s+(?:my|the) (?:\w+ )?(?:leave|holidays?|vacations?|time off|days? off|bookings?|requests?|pto)\b(?=.*\bfrom\b.*\b(?:to|until|till)\b)/;

// Records nobody deletes through the assistant: pay and the audit trail are kept by law and by design.
const KEPT_RECORDS = /\b(?:delete|remove|erase|wipe)\b.*\b(?:payslips?|payroll|audit|salary history|pay history)\b/;

// What only HR, a manager or an administrator may do, as an employee would ask for it.
const PRIVILEGED: { pattern: RegExp; text: string }[] = [
  {
    pattern:
      /\b(?:give|grant|make) me (?:an? )?(?:admin|administrator|owner|hr|manager|director|superuser)\b|\badmin (?:rights|access|role)\b|\bchange my role\b|\bpromote me\b/,
    text: 'only an administrator can change roles and access rights',
  },
  {
    pattern:
      /\b(?:increase|raise|change|set|adjust|add to|top up|give me more)\b.*\b(?:my )?(?:allowance|entitlement|balance)\b|\badd\b.*\bto my (?:\w+ )?(?:allowance|entitlement|balance)\b/,
    text: 'only HR can adjust leave allowances',
  },
  {
    pattern: /\b(?:change|switch|set|update) my (?:manager|boss|line manager)\b/,
    text: 'only HR can change who you report to',
  },
  {
    pattern: /^(?:please\s+)?(?:fire|dismiss|sack|terminate|let go of|lay off)\b/,
    text: 'only HR can start an offboarding',
  },
  {
    pattern: /\b(?:set|change|add|remove|delete)\b.*\bpublic holidays?\b/,
    text: 'only HR and administrators can change the public holidays',
  },
];

// Personal data of someone else that an employee may not see.
const PRIVATE_FIELDS =
  /\b(?:salary|salaries|pay|wages?|compensation|bonus(?:es)?|home address|address(?:es)?|national (?:id|insurance)|ssn|social security|passport|bank (?:details|account)|iban|date of birth|birthdate|medical|health|phone numbers?|mobile numbers?|private email|personal email|emergency contacts?|sick notes?|diagnos[ie]s)\b/;
const EVERYONE = /\b(?:everyone|everybody|all (?:the )?(?:staff|employees)|colleagues?)\b/;
// Pay compared across people: "who earns the most", "the best paid".
const OTHERS_PAY = /\bwho (?:earns|makes|gets paid)\b|\b(?:highest|best|lowest|worst) paid\b|\bearns? more than\b/;
// "'s" that is no one's: contractions and times.
const NOT_OWNERS = new Set(
  'what it that there here who let he she today tomorrow yesterday year month week one'.split(' '),
);

/** Someone else the text names as an owner ("bob's salary") or people at large. */
function aboutOthers(text: string): boolean {
  const owners = [...text.matchAll(/\b([a-z]+)'s\b/g)].map((m) => m[1]!).filter((w) => !NOT_OWNERS.has(w));
  return owners.length > 0 || EVERYONE.test(text);
}

/** Why the assistant declines `text` (normalised) for a user of `role`, or undefined when it does not. */
export function refusalOf(text: string, role: string | undefined): Refusal | undefined {
  if (OUT_OF_SCOPE.test(text) || MEETINGS.test(text)) {
    return { why: 'outOfScope', text: "Sorry, that is outside what I can do: I'm your HR assistant." };
  }
  if (NO_TOOL.test(text)) {
    return {
      why: 'notSupported',
      text: "Sorry, I can't do that: accounts and passwords are managed by your sign-in provider, not by this assistant.",
    };
  }
  if (asksBulkDelete(text)) {
    return { why: 'notSupported', text: "Sorry, I can't delete people or records in bulk." };
  }
  if (MOVE_LEAVE.test(text)) {
    return {
      why: 'notSupported',
      text:
        'I can\'t change the days of a leave request: cancel it ("cancel my leave on Monday") and book the new days ' +
        '("book Tuesday"), each with your approval.',
    };
  }
  for (const rule of OWN_DECISION) {
    if (rule.pattern.test(text)) return { why: 'role', text: `Sorry, I can't do that: ${rule.text}.` };
  }
  if (KEPT_RECORDS.test(text)) {
    return {
      why: 'notSupported',
      text: "Sorry, I can't delete those: payslips, payroll and the audit trail are kept.",
    };
  }
  if (role !== 'EMPLOYEE') return undefined;
  for (const rule of PRIVILEGED) {
    if (rule.pattern.test(text)) return { why: 'role', text: `Sorry, I can't do that for you: ${rule.text}.` };
  }
  if ((PRIVATE_FIELDS.test(text) && aboutOthers(text)) || OTHERS_PAY.test(text)) {
    return {
      why: 'role',
      text: "Sorry, I can't show that: another person's pay and personal details are visible only to HR.",
    };
  }
  return undefined;
}
