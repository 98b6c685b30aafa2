/**
 * Held-out phrasings of the part-4 requests of issue 21 (item 7: E-Signatures, Playbook, Inventory, Social,
 * Analytics; then Messages' unread messages, asking for a Playbook acknowledgement and headcount now, whose rows
 * were each added before their rule), written before the built-in model's rules for them and never used to write
 * one: a check that the rules carry beyond the rows of workplaceRequests.test.ts. Each row names the first tool it
 * expects (a write looks its document, item, policy or person up first) and the arguments that matter. Today is
 * Wednesday 25 November 2026 in Europe/Paris unless a row says otherwise; the user is HR unless a row says otherwise.
 */

export interface HeldOutCase {
  text: string;
  today?: string;
  role?: string;
  /** The first tool expected, or 'question' when the model should ask. */
  tool: string;
  /** Arguments the call must hold (toMatchObject). */
  arguments?: Record<string, unknown>;
}

export const HELD_OUT: HeldOutCase[] = [
  { text: 'Please send the remote work policy to all employees to sign', tool: 'list_signature_requests' },
  { text: 'send the NDA to Bob and Carol for signature', tool: 'list_signature_requests' },
  { text: "who hasn't acknowledged the code of conduct yet?", tool: 'list_playbook_documents' },
  { text: 'Which employees still need to acknowledge the travel policy', tool: 'list_playbook_documents' },
  { text: 'give the laptop with serial ABC-998 to Carol', tool: 'list_inventory_items' },
  { text: 'Assign monitor MN-77 to Dan Dawson', tool: 'list_inventory_items' },
  { text: 'write a welcome post for Bob', tool: 'list_people' },
  { text: 'Post a message welcoming Dan to the team', tool: 'list_people', role: 'EMPLOYEE' },
  {
    text: 'headcount per department in 2025',
    tool: 'get_headcount_analytics',
    arguments: { from: '2025-01-01', to: '2025-12-31', byDepartment: 'true' },
  },
  {
    text: 'show me the headcount by department this year',
    tool: 'get_headcount_analytics',
    arguments: { from: '2026-01-01', to: '2026-12-31', byDepartment: 'true' },
  },
  {
    text: "what's the attrition rate for last quarter?",
    tool: 'get_headcount_analytics',
    arguments: { from: '2026-07-01', to: '2026-09-30' },
  },
  {
    text: 'What was the turnover rate last year',
    tool: 'get_headcount_analytics',
    arguments: { from: '2025-01-01', to: '2025-12-31' },
  },
  {
    text: 'turnover last quarter',
    today: '2027-02-10',
    tool: 'get_headcount_analytics',
    arguments: { from: '2026-10-01', to: '2026-12-31' },
  },
  { text: 'Do I have any unread messages?', tool: 'list_conversations', role: 'EMPLOYEE' },
  { text: 'who has messaged me', tool: 'list_conversations', role: 'EMPLOYEE' },
  { text: 'ask everyone to acknowledge the travel policy', tool: 'list_playbook_documents' },
  { text: 'Please send the code of conduct out to all staff for acknowledgement', tool: 'list_playbook_documents' },
  {
    text: 'how many employees do we have?',
    tool: 'get_headcount_analytics',
    arguments: { from: '2026-01-01', to: '2026-11-25' },
  },
  {
    text: 'How many people work here, per department',
    tool: 'get_headcount_analytics',
    arguments: { to: '2026-11-25', byDepartment: 'true' },
  },
];
