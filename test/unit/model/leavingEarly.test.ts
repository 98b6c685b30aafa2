import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('leaving early is part of a day', () => {
  it.each([
    ["I'd like to leave early on friday", 'Fri 27 Nov 2026'],
    ['I need to leave at noon tomorrow', 'Tue 24 Nov 2026'],
  ])('asks whether "%s" is the whole day or half of it, never books the whole day', (text, day) => {
    const step = alice().say(text);
    expect(step).toMatchObject({ type: 'question', choices: ['The whole day', 'Half a day'] });
    expect(step.type === 'question' && step.text).toContain(day);
  });

  it('still books "leave" as a noun before "early"', () => {
    expect(alice().say('leave early december 3-4')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-03', end_date: '2026-12-04' } }],
    });
  });
});
