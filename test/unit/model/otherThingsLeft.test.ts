import { Conversation } from './conversation';
import { everyTool } from './catalogue';

// Today is Monday 23 November 2026.
const alice = () => new Conversation(everyTool(), { name: 'Alice Anders', role: 'EMPLOYEE' });

describe('what is left of something other than leave is no leave balance', () => {
  it.each([
    'how much is left on my expense claim',
    "what's left of my expense budget",
    'how many hours are left on my timesheet this week',
    'how many courses do I have left to finish',
  ])('never reads the leave balance for "%s"', (text) => {
    const step = alice().say(text);
    const tools = step.type === 'tool_calls' ? step.calls.map((call) => call.tool) : [];
    expect(tools).not.toContain('get_leave_balances');
  });

  it.each(['how many days do I have left', 'how many leave days left before the year ends'])(
    'still reads the balance for "%s"',
    (text) => {
      expect(alice().say(text)).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'get_leave_balances' }] });
    },
  );
});
