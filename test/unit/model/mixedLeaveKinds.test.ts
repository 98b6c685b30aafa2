import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: Friday is the 27th, next Monday the 30th.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('two kinds of leave in one message', () => {
  it.each([
    ["book friday off, I'm sick monday", ['Annual leave on Fri 27 Nov 2026', 'Sick leave on Mon 30 Nov 2026']],
    [
      'annual leave on the 3rd and sick leave on the 4th',
      ['Annual leave on Thu 3 Dec 2026', 'Sick leave on Fri 4 Dec 2026'],
    ],
    [
      'book friday off as well as sick leave for today',
      ['Annual leave on Fri 27 Nov 2026', 'Sick leave on Mon 23 Nov 2026'],
    ],
    [
      'unpaid leave on the 3rd and annual leave on the 4th',
      ['Unpaid leave on Thu 3 Dec 2026', 'Annual leave on Fri 4 Dec 2026'],
    ],
  ])('asks which to book first for "%s", offering each kind’s days (never books one kind alone)', (text, choices) => {
    expect(alice().say(text)).toMatchObject({ type: 'question', choices });
  });

  it('asks without offers when a clause’s days belong to a neighbour', () => {
    const step = alice().say('sick leave monday, tuesday, and annual leave friday');
    expect(step).toMatchObject({ type: 'question', text: /two kinds of leave/ });
    expect(step.type === 'question' && step.choices).toBeFalsy();
  });

  it('books the offer picked, with its own policy', () => {
    const chat = alice();
    chat.say("book friday off, I'm sick monday");
    expect(chat.say('Sick leave on Mon 30 Nov 2026')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-30', policy: 'Sick leave' } }],
    });
    const second = alice();
    second.say('annual leave on the 3rd and sick leave on the 4th');
    expect(second.say('the first one')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-03', policy: 'Annual leave' } }],
    });
  });

  it.each([
    ['sick leave on the 3rd and 4th', { start_date: '2026-12-03', end_date: '2026-12-04', policy: 'Sick leave' }],
    ['book a holiday on the 3rd and the 4th off', { start_date: '2026-12-03', end_date: '2026-12-04' }],
    ["I'm sick today and tomorrow", { start_date: '2026-11-23', end_date: '2026-11-24', policy: 'Sick leave' }],
  ])('still books one kind said over several clauses: "%s"', (text, args) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: args }],
    });
  });
});
