import { Conversation, ok } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';
import type { ModelStep } from '../../../model/types';

/**
 * Questions about one's own hours worked read the timesheet of the period asked about (hoursWorkedRead.ts), rather
 * than asking whether the weekly timesheet is meant. Today is Monday 23 November 2026.
 */
const TOOLS = registryTools([
  ...AGENT_OPERATIONS,
  'get_weekly_timesheet',
  'get_monthly_timesheet',
  'list_time_entries',
  'get_time_tracking_policy',
  'create_time_entry',
  'get_overtime_analytics',
]);

const chat = () => new Conversation(TOOLS, { name: 'Bob Brown', role: 'EMPLOYEE' });

function calls(step: ModelStep) {
  return step.type === 'tool_calls' ? step.calls.map(({ tool, arguments: args }) => ({ tool, args })) : step;
}

describe('hours worked', () => {
  it.each([
    ['how many hours have I worked this week', 'get_weekly_timesheet', {}],
    ['hours worked this week', 'get_weekly_timesheet', {}],
    ['how many hours did I work last week', 'get_weekly_timesheet', { date: '2026-11-16' }],
    ['my hours the week of 9 November', 'get_weekly_timesheet', { date: '2026-11-09' }],
    ['how much overtime have I done this month', 'get_monthly_timesheet', { month: '2026-11' }],
    ['how many hours did I work in October', 'get_monthly_timesheet', { month: '2026-10' }],
    ['total hours worked in December', 'get_monthly_timesheet', { month: '2025-12' }],
    ['how many hours did I work on Friday', 'list_time_entries', { from: '2026-11-20', to: '2026-11-20' }],
  ])('reads "%s" with %s', (text, tool, args) => {
    expect(calls(chat().say(text))).toEqual([{ tool, args }]);
  });

  it('leaves the policy, logging hours and the company’s overtime to their own reads', () => {
    expect(calls(chat().say('log 8 hours yesterday'))).toMatchObject({ type: 'question' });
    expect(calls(chat().say('overtime analytics for 2026'))).toEqual([
      { tool: 'get_overtime_analytics', args: { from: '2026-01-01', to: '2026-12-31' } },
    ]);
    const policy = chat().say('how many hours should I work per day');
    expect(policy.type === 'tool_calls' && policy.calls[0]!.tool === 'get_weekly_timesheet').toBe(false);
  });

  it('tells the hours of the week once read', () => {
    const c = chat();
    c.say('how many hours have I worked this week');
    const week = {
      weekStart: '2026-11-23',
      weekEnd: '2026-11-29',
      days: [],
      workedMinutes: 930,
      targetMinutes: 2400,
      overtimeMinutes: 0,
      warnings: [],
      timesheet: null,
    };
    expect(c.answer(ok({ employeeId: 'e', employeeName: 'Bob Brown', week }))).toEqual({
      type: 'reply',
      text: 'In the week of 2026-11-23 to 2026-11-29 you have worked 15 h 30 min of a 40 h target.',
    });
  });

  it('adds up the entries of a day', () => {
    const c = chat();
    c.say('how many hours did I work on Friday');
    expect(c.answer(ok({ entries: [{ workedMinutes: 240 }, { workedMinutes: 200 }], nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'On 2026-11-20 you have worked 7 h 20 min (2 time entries).',
    });
  });
});
