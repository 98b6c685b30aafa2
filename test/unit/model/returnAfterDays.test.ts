import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('a return to work said after the days off', () => {
  it.each([
    ['off 3rd to 8th, back on the 9th', { start_date: '2026-12-03', end_date: '2026-12-08' }],
    ['book leave 7-11 december, back in on the 14th', { start_date: '2026-12-07', end_date: '2026-12-11' }],
    ['book 7-11 december, back at work on the 14th', { start_date: '2026-12-07', end_date: '2026-12-11' }],
  ])('books only the days said for "%s" (not from today, nor the return day)', (text, args) => {
    const step = alice().say(text);
    expect(step).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'create_leave_request', arguments: args }] });
    expect(step.type === 'tool_calls' && step.calls).toHaveLength(1);
  });

  it('asks when the return does not follow the days said', () => {
    expect(alice().say('off 3rd to 8th, back on the 11th')).toMatchObject({ type: 'question' });
  });

  it.each([
    [
      'sick since friday, back on wednesday',
      { start_date: '2026-11-20', end_date: '2026-11-24', policy: 'Sick leave' },
    ],
    ['off from the 3rd, back on the 9th', { start_date: '2026-12-03', end_date: '2026-12-08' }],
  ])('still reads "%s" as off until the return', (text, args) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: args }],
    });
  });
});
