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
  /\b(?:weather|forecast|poems?|jokes?|songs?|lyrics|recipes?|translate|translation|essay|stock price|football|soccer|horoscope|movie|film|restaurant|pizza|sushi|burger|transfer (?:\d+|money|funds)|wire (?:\d+|money)|bank transfer|lottery|bitcoin|crypto)\b|\border (?:food|lunch|dinner|a taxi|an uber)\b|\bwrite (?:me )?(?:a|an|some) (?:code|story|poem|song|essay)\b/;

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
      /\b(?:increase|raise|change|set|adjust|add to|top up|give me more)\b.*\b(?:my )?(?:allowance|entitlement|balance)\b/,
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
  /\b(?:salary|salaries|pay|wages?|compensation|bonus(?:es)?|home address|address(?:es)?|national (?:id|insurance)|ssn|social security|passport|bank (?:details|account)|iban|date of birth|birthdate|medical|health)\b/;
const EVERYONE = /\b(?:everyone|everybody|all (?:the )?(?:staff|employees)|colleagues?)\b/;
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
  if (OUT_OF_SCOPE.test(text)) {
    return { why: 'outOfScope', text: "Sorry, that is outside what I can do: I'm your HR assistant." };
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
  if (PRIVATE_FIELDS.test(text) && aboutOthers(text)) {
    return {
      why: 'role',
      text: "Sorry, I can't show that: another person's pay and personal details are visible only to HR.",
    };
  }
  return undefined;
}
