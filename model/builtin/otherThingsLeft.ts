/**
 * "How much is left on my expense claim", "how many hours are left on my timesheet", "what's left of my training
 * budget": what is left of something other than leave. The balance rule's "left", "remaining" read them as the leave
 * balance, confidently wrong; without a word of leave they are left to the other rules and the tool classifier.
 */

const OTHER_THING =
  /\b(?:expenses?|claims?|budgets?|timesheets?|hours?|overtime|courses?|trainings?|tasks?|payslips?|goals?|certifications?|until|till|before)\b/;
const LEAVE_WORD =
  /\b(?:leave|holidays?|vacations?|pto|time off|days? off|allowance|entitlements?|annual|sick|balances?|toil)\b/;

/** Whether the normalised `text` asks what is left of something that is not leave. */
export function leftOfOtherThing(text: string): boolean {
  return OTHER_THING.test(text) && !LEAVE_WORD.test(text);
}
