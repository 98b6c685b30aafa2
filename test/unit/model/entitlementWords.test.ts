import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryTools } from './catalogue';
import { Conversation } from './conversation';
import type { ModelStep } from '../../../model/types';

// Monday 23 November 2026 is today (the Conversation's day).
function say(text: string, role = 'EMPLOYEE'): ModelStep {
  const tools = registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS, 'list_leave_policies']);
  return new Conversation(tools, { name: 'Alice Anders', role }).say(text);
}

const called = (step: ModelStep) => (step.type === 'tool_calls' ? step.calls.map((call) => call.tool) : step.type);

/**
 * What everyone gets, what one is allowed, reporting lines and reporting or marking an absence: none of them the leave
 * report, nor a task.
 */
describe('the built-in model on entitlements, reporting lines and reporting an absence', () => {
  it.each([
    'how much sick leave do we get',
    'how many days of annual leave do we get per year',
    'how much holiday do new starters get',
    'what is the carry over rule',
  ])('reads the leave types’ rules for "%s" (it asked which days to book)', (text) => {
    expect(called(say(text))).toEqual(['list_leave_policies']);
  });

  it('reads the balance for "how many sick days am I allowed"', () => {
    expect(called(say('how many sick days am I allowed'))).toEqual(['get_leave_balances']);
  });

  it.each([
    ['report my sick day tomorrow', { start_date: '2026-11-24', policy: 'Sick leave' }],
    ['report an absence for friday', { start_date: '2026-11-27' }],
  ])('books "%s" (it ran the untaken-leave report)', (text, args) => {
    expect(say(text)).toMatchObject({ calls: [{ tool: 'create_leave_request', arguments: args }] });
  });

  it('never runs the untaken-leave report for "who does bob report to"', () => {
    expect(called(say('who does bob report to', 'HR_MANAGER'))).not.toContain('untaken_leave_report');
  });

  it('books "mark me as off sick today" (it listed onboarding tasks to tick off)', () => {
    expect(say('mark me as off sick today')).toMatchObject({
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-23', policy: 'Sick leave' } }],
    });
  });

  it('still runs the report when asked for it', () => {
    expect(called(say('run the report', 'HR_MANAGER'))).toEqual(['untaken_leave_report']);
  });
});
