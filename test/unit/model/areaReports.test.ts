import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryErrors, registryTools } from './catalogue';

/**
 * A report of another area than leave ("overtime report") is that area's analytics read over the period said
 * (areaReports.ts), where any "report" ran the untaken-leave report.
 */
const TOOLS = registryTools([
  ...AGENT_OPERATIONS,
  'get_overtime_analytics',
  'get_absence_analytics',
  'get_expense_analytics',
  'get_monthly_timesheet',
]);
const say = (text: string) => new Conversation(TOOLS, { name: 'Hannah Reyes', role: 'HR_MANAGER' }).say(text);

describe('a report of another area', () => {
  it.each([
    ['overtime report', 'get_overtime_analytics', { from: '2026-01-01', to: '2026-12-31' }],
    ['overtime report last quarter', 'get_overtime_analytics', { from: '2026-07-01', to: '2026-09-30' }],
    ['absence report for 2025', 'get_absence_analytics', { from: '2025-01-01', to: '2025-12-31' }],
    ['expense report', 'get_expense_analytics', { from: '2026-01-01', to: '2026-12-31' }],
    ['team overtime last month', 'get_overtime_analytics', { from: '2026-10-01', to: '2026-10-31' }],
    ['who has the most overtime', 'get_overtime_analytics', { from: '2026-01-01', to: '2026-12-31' }],
  ])('"%s" reads %s', (text, tool, args) => {
    const step = say(text);
    expect(step).toMatchObject({ type: 'tool_calls', calls: [{ tool, arguments: args }] });
    expect(step.type === 'tool_calls' ? step.calls.flatMap(registryErrors) : []).toEqual([]);
  });

  it('leaves the user’s own overtime to their timesheet', () => {
    expect(say('my overtime this month')).not.toMatchObject({ calls: [{ tool: 'get_overtime_analytics' }] });
  });

  it.each(['untaken leave report', 'leave report'])('"%s" stays the untaken-leave report', (text) => {
    expect(say(text)).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'untaken_leave_report' }] });
  });
});
