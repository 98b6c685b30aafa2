import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('"the 2nd half of December" is half a month, not the 2nd', () => {
  it.each([
    ['take the 2nd half of December off', 'December 2026'],
    ['the 1st half of january off', 'January 2027'],
  ])('asks which days of "%s", as for "the second half of December"', (text, month) => {
    const step = alice().say(text);
    expect(step).toMatchObject({ type: 'question' });
    expect(step.type === 'question' && step.text).toContain(month);
  });

  it('still books "the 2nd half day off" as half of the 2nd', () => {
    expect(alice().say('the 2nd half day off')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-02', half_day: true } }],
    });
  });
});
