import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';
import type { ModelStep } from '../../../model/types';

const TOOLS = registryTools([
  ...AGENT_OPERATIONS,
  'list_celebrations',
  'get_weekly_timesheet',
  'get_monthly_timesheet',
  'list_expense_claims',
  'create_expense_claim',
]);

function say(text: string): ModelStep {
  return new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' }).say(text);
}

function calls(step: ModelStep): { tool: string; arguments: Record<string, unknown> }[] {
  return step.type === 'tool_calls' ? step.calls : [];
}

describe('the built-in model reads what asks to be read, and books only a booking', () => {
  it.each([
    ['my approved leave', { status: 'APPROVED' }],
    ['what leave have I booked', {}],
    ['my leave next month', { from: '2026-12-01', to: '2026-12-31' }],
    ['my upcoming time off', { from: '2026-11-23' }],
    ['my sick days this year', { from: '2026-01-01', to: '2026-12-31' }],
    ['leave I took last year', { from: '2025-01-01', to: '2025-12-31' }],
    ['did my manager approve my leave?', {}],
    ['am I off tomorrow?', { from: '2026-11-24', to: '2026-11-24' }],
    ['am I booked off on the 4th?', { from: '2026-12-04', to: '2026-12-04' }],
    ['do I have Friday off?', { from: '2026-11-27', to: '2026-11-27' }],
  ])('lists "%s" instead of asking which days to book', (text, args) => {
    expect(calls(say(text))).toEqual([{ id: expect.any(String), tool: 'list_leave_requests', arguments: args }]);
  });

  it('reads "is tomorrow a holiday?" as a question about the public holidays, booking nothing', () => {
    const tools = registryTools([...AGENT_OPERATIONS, 'list_public_holidays']);
    const step = new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }).say('is tomorrow a holiday?');
    expect(calls(step).map((call) => call.tool)).toEqual(['list_public_holidays']);
  });

  it('reads "what is left of my unpaid leave" and "how many sick days did I take" as balances', () => {
    expect(calls(say('what is left of my unpaid leave'))[0]?.tool).toBe('get_leave_balances');
    expect(calls(say('how many sick days did I take this year'))[0]?.tool).toBe('get_leave_balances');
  });

  it.each(["what's the weather tomorrow", 'write me a poem about Mondays'])('books nothing for "%s"', (text) => {
    expect(say(text)).toMatchObject({ type: 'reply', text: expect.stringContaining('outside what I can do') });
  });

  it('asks what is wanted for days beside words it does not know, never books them', () => {
    expect(say('next week or the week after, whichever is quieter')).toMatchObject({ type: 'question' });
  });

  it('reads the weekly timesheet of last week, with that week', () => {
    expect(calls(say('show my timesheet for last week'))).toEqual([
      { id: expect.any(String), tool: 'get_weekly_timesheet', arguments: { date: '2026-11-16' } },
    ]);
  });

  it('reads "this week" as the window of a celebration, not as a weekly tool, and the kind said as its filter', () => {
    // Monday 23 November 2026 is today (the Conversation's day): this week runs to Sunday 29.
    expect(calls(say('any birthdays this week?'))).toEqual([
      {
        id: expect.any(String),
        tool: 'list_celebrations',
        arguments: { type: 'birthday', from: '2026-11-23', to: '2026-11-29' },
      },
    ]);
    expect(calls(say('work anniversaries in December'))[0]?.arguments).toEqual({
      type: 'work_anniversary',
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('reads "pending" as the status a claim waits in, SUBMITTED, where the tool has no PENDING', () => {
    expect(calls(say('which of my expenses are still pending'))).toEqual([
      { id: expect.any(String), tool: 'list_expense_claims', arguments: { status: 'SUBMITTED' } },
    ]);
  });

  it('tells a read from a write sharing its words by the request’s form', () => {
    expect(calls(say('show my expense claims'))[0]?.tool).toBe('list_expense_claims');
  });

  it.each(['how much did I spend on expenses this month', 'did I claim the taxi'])(
    'never starts an expense claim for a question about expenses: "%s" (it asked for the category of a new one)',
    (text) => {
      const step = say(text);
      expect(calls(step).map((c) => c.tool)).not.toContain('create_expense_claim');
      expect(step.type === 'question' ? step.text : '').not.toMatch(/category/);
    },
  );

  it('reads short typos and shorthand: "bok 2 weks from 1 feb"', () => {
    expect(calls(say('bok 2 weks from 1 feb'))).toEqual([
      {
        id: expect.any(String),
        tool: 'create_leave_request',
        arguments: { start_date: '2027-02-01', end_date: '2027-02-12' },
      },
    ]);
  });

  it('takes the last clause after a comma as the reason', () => {
    expect(calls(say('holiday 7-11 December, family trip'))[0]?.arguments).toMatchObject({ reason: 'family trip' });
    expect(calls(say('take tomorrow off, car is at the garage'))[0]?.arguments).toMatchObject({ reason: 'car' });
  });
});

describe('reads of other areas are not taken for leave or for a new claim', () => {
  const tools = registryTools([
    ...AGENT_OPERATIONS,
    'list_certifications',
    'list_signature_requests',
    'list_offboarding_processes',
    'list_offboarding_tasks',
    'create_expense_claim',
    'list_expense_claims',
  ]);
  const ask = (text: string) => new Conversation(tools, { name: 'Hannah Reyes', role: 'HR_MANAGER' }).say(text);

  it('lists certifications that have expired, not those expiring soon', () => {
    expect(calls(ask('which certifications have expired'))).toEqual([
      { id: expect.any(String), tool: 'list_certifications', arguments: { expired: 'true', limit: 200 } },
    ]);
  });

  it('reads signature requests and offboarding processes with their own tools', () => {
    expect(calls(ask('my signature requests'))[0]?.tool).toBe('list_signature_requests');
    expect(calls(ask('list offboarding processes'))[0]?.tool).toBe('list_offboarding_processes');
  });

  it('never starts an expense claim for "my pending expense claims"', () => {
    expect(calls(ask('my pending expense claims')).some((c) => c.tool === 'create_expense_claim')).toBe(false);
  });
});

describe('the filters a people or notifications read names', () => {
  const tools = registryTools([
    'list_onboarding_tasks',
    'list_offboarding_tasks',
    'list_goals',
    'list_my_notifications',
  ]);
  const ask = (text: string) => new Conversation(tools, { name: 'Hannah Reyes', role: 'HR_MANAGER' }).say(text);

  it.each([
    ['onboarding tasks waiting for HR', 'list_onboarding_tasks', { assignee: 'hr' }],
    ['my open onboarding to-dos', 'list_onboarding_tasks', { assignee: 'me', status: 'OPEN' }],
    ['completed goals', 'list_goals', { status: 'COMPLETED' }],
    ['any unread notifications?', 'list_my_notifications', { limit: 10, unread: 'true' }],
    ["what's new for me", 'list_my_notifications', { limit: 10 }],
  ])('"%s" reads %s with %j', (text, tool, args) => {
    expect(calls(ask(text))).toEqual([{ id: expect.any(String), tool, arguments: args }]);
  });
});

describe('a clock action with a note, and hours that are no balance', () => {
  const tools = registryTools([
    ...AGENT_OPERATIONS,
    'clock_in',
    'clock_out',
    'start_break',
    'end_break',
    'get_weekly_timesheet',
  ]);
  const ask = (text: string) => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }).say(text);

  it('keeps what follows the comma as the entry’s note', () => {
    expect(calls(ask('clock in, working from home today'))).toEqual([
      { id: expect.any(String), tool: 'clock_in', arguments: { note: 'working from home' } },
    ]);
  });

  it('never reads hours worked as a leave balance', () => {
    expect(calls(ask('how many hours have I worked this week')).map((c) => c.tool)).not.toContain('get_leave_balances');
  });
});

describe('a bare noun phrase names something to look at', () => {
  const tools = registryTools([
    ...AGENT_OPERATIONS,
    'list_review_cycles',
    'create_review_cycle',
    'cancel_review_cycle',
    'launch_review_cycle',
    'start_break',
    'end_break',
  ]);
  const say = (text: string) => new Conversation(tools, { name: 'Harriet Hughes', role: 'HR_MANAGER' }).say(text);

  it('lists the review cycles for "review cycles", rather than asking between the list and the writes', () => {
    expect(calls(say('review cycles'))).toEqual([
      { id: expect.any(String), tool: 'list_review_cycles', arguments: {} },
    ]);
  });

  it('still takes a write no read comes near: "break over" ends the break', () => {
    expect(say('break over')).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'end_break' }] });
  });
});
