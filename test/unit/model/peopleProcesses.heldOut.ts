/**
 * Held-out phrasings of the six company API requests of issue 20 (item 7), written before the built-in model's
 * rules for them and never used to write one: a check that the rules carry beyond the rows of
 * peopleProcesses.table.ts. Each row names the first tool it expects (a read: the model looks a thing up before it
 * acts on it) and the arguments that matter. Today is Wednesday 25 November 2026 in Europe/Paris unless a row says
 * otherwise.
 */

export interface HeldOutCase {
  text: string;
  today?: string;
  /** The first tool expected, or 'question' when the model should ask. */
  tool: string;
  /** Arguments the call must hold (toMatchObject). */
  arguments?: Record<string, unknown>;
}

export const HELD_OUT: HeldOutCase[] = [
  { text: 'Which onboarding tasks do I still have?', tool: 'list_onboarding_tasks', arguments: { assignee: 'me' } },
  { text: 'show me my onboarding checklist', tool: 'list_onboarding_tasks', arguments: { assignee: 'me' } },
  { text: 'what is left on my offboarding list', tool: 'list_offboarding_tasks', arguments: { assignee: 'me' } },
  { text: 'I finished the laptop setup, tick it off', tool: 'list_onboarding_tasks', arguments: { assignee: 'me' } },
  {
    text: 'Mark "sign the employment contract" as done',
    tool: 'list_onboarding_tasks',
    arguments: { assignee: 'me' },
  },
  { text: 'Please move John Smith to screening', tool: 'list_applications' },
  { text: 'advance Maria Garcia to the offer stage', tool: 'list_applications' },
  {
    text: 'Which certifications expire before the end of the year?',
    tool: 'list_certifications',
    arguments: { expiresBefore: '2027-01-01', expired: 'false' },
  },
  {
    text: 'what licences are expiring this quarter',
    today: '2027-02-10',
    tool: 'list_certifications',
    arguments: { expiresBefore: '2027-04-01', expired: 'false' },
  },
  { text: 'sign me up for the fire safety training', tool: 'list_courses' },
  { text: 'Can you enroll me on the Excel course?', tool: 'list_courses' },
  { text: "what's the progress on my Q2 goals", tool: 'list_goals', arguments: { period: '2026-Q2' } },
  {
    text: 'how am I doing on my Q4 goals?',
    today: '2027-01-15',
    tool: 'list_goals',
    arguments: { period: '2026-Q4' },
  },
];
