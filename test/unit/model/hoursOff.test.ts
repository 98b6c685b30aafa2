import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Wednesday 25 November 2026: Friday is the 27th, tomorrow the 26th.
const TODAY = '2026-11-25';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('leave asked in hours', () => {
  it.each([
    ['book 4 hours off on friday', 'Fri 27 Nov 2026'],
    ['I need 2 hours off tomorrow for the dentist', 'Thu 26 Nov 2026'],
  ])('asks whether "%s" is the whole day or half of it, never books a whole day unasked', (text, day) => {
    expect(alice().say(text)).toMatchObject({
      type: 'question',
      text: `Leave is taken in whole or half days: the whole of ${day}, or half a day?`,
    });
  });

  it('books the half day chosen', () => {
    const c = alice();
    c.say('book 4 hours off on friday');
    expect(c.say('Half a day')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-27', half_day: true } }],
    });
  });
});
