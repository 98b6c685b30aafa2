import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Wednesday 25 November 2026: Friday is the 27th, the 4th is Friday 4 December.
const TODAY = '2026-11-25';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('a booking asked as a question about its days', () => {
  it.each([
    ['is it ok to take friday off?', 'Fri 27 Nov 2026'],
    ['is the 4th free to book', 'Fri 4 Dec 2026'],
    ['Is it okay if I take Monday off', 'Mon 30 Nov 2026'],
    ['would it be ok to take next friday off', 'Fri 4 Dec 2026'],
    ['am I allowed to take friday off?', 'Fri 27 Nov 2026'],
    ['can I still take friday off or is it too late?', 'Fri 27 Nov 2026'],
  ])('offers "%s" back as a question, never a booking at once', (text, day) => {
    const step = alice().say(text);
    expect(step).toMatchObject({ type: 'question', choices: ['Yes', 'No'] });
    expect(step.type === 'question' && step.text).toContain(day);
  });

  it('books the days offered once the person says yes', () => {
    const now = alice();
    now.say('is it ok to take friday off?');
    expect(now.say('yes')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-27' } }],
    });
  });

  it('books other days answered, and nothing on a no', () => {
    const other = alice();
    other.say('is the 4th free to book');
    expect(other.say('the 7th instead')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-07' } }],
    });
    const none = alice();
    none.say('is the 4th free to book');
    expect(none.say('no')).toMatchObject({ type: 'reply' });
  });

  it.each(['can I take this friday off please', 'Would it be possible to get Friday off?'])(
    'still books a polite request at once ("%s")',
    (text) => {
      expect(alice().say(text)).toMatchObject({
        type: 'tool_calls',
        calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-27' } }],
      });
    },
  );
});
