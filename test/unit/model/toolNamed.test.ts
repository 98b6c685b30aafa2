import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';
import type { ModelStep } from '../../../model/types';

/**
 * A request that says a read's name and nothing more runs that read (toolNamed.ts), where the classifier asked
 * because a neighbour shared a word ("show my expense claims" beside the expense categories).
 */
const TOOLS = registryTools([
  ...AGENT_OPERATIONS,
  'list_expense_claims',
  'list_expense_categories',
  'get_expense_claim',
  'create_expense_claim',
  'list_timesheets',
  'get_timesheet',
  'get_weekly_timesheet',
  'list_time_entries',
  'delete_time_entry',
]);
const say = (text: string): ModelStep => new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' }).say(text);

describe('a read named alone', () => {
  it.each([
    ['show my expense claims', 'list_expense_claims'],
    ['my timesheets', 'list_timesheets'],
    ['show me all my time entries', 'list_time_entries'],
  ])('"%s" runs %s', (text, tool) => {
    expect(say(text)).toMatchObject({ type: 'tool_calls', calls: [{ tool, arguments: {} }] });
  });

  it('leaves a period said beside the name to the classifier’s reading of it', () => {
    expect(say('show my timesheet for last week')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'get_weekly_timesheet', arguments: { date: '2026-11-16' } }],
    });
  });

  it('never starts a write on its name alone', () => {
    const step = say('delete time entry');
    expect(step.type === 'tool_calls' && step.calls.some((call) => call.tool === 'delete_time_entry')).toBe(false);
  });
});
