import { findPolicy } from '../../../model/builtin/policies';
import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026 (conversation.ts).
const alice = () => new Conversation(registryTools(AGENT_OPERATIONS), { name: 'Alice Anders', role: 'EMPLOYEE' });

describe('which leave a request names', () => {
  it('leaves the choice open when two are joined by "or"', () => {
    expect(findPolicy('unpaid leave or annual leave on friday?')).toEqual({ either: ['Unpaid leave', 'Annual leave'] });
    expect(findPolicy('unpaid leave, not annual')).toEqual({ name: 'Unpaid leave' });
  });

  it('takes someone else’s illness for no sick leave of the user’s', () => {
    expect(findPolicy('my daughter is ill, i need tomorrow off')).toEqual({
      either: ['Annual leave', 'Sick leave', 'Unpaid leave', 'Parental leave'],
    });
    expect(findPolicy('my son has the flu, annual leave on friday')).toEqual({ name: 'Annual leave' });
    expect(findPolicy("i'm ill")).toEqual({ name: 'Sick leave' });
  });

  it('asks which, then books the one chosen', () => {
    const chat = alice();
    expect(chat.say('unpaid leave or annual leave on Friday?')).toMatchObject({
      type: 'question',
      text: 'Which leave should it be: Unpaid leave or Annual leave?',
      choices: ['Unpaid leave', 'Annual leave'],
    });
    expect(chat.say('Annual leave')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-27', policy: 'Annual leave' } }],
    });
  });

  it('asks which leave when a child is ill, instead of booking sick leave', () => {
    expect(alice().say('my daughter is ill, I need tomorrow off')).toMatchObject({
      type: 'question',
      choices: ['Annual leave', 'Sick leave', 'Unpaid leave', 'Parental leave'],
    });
  });
});

describe('"not feeling well"', () => {
  it.each(["I'm not feeling well, going home", 'not feeling well today', "I'm feeling poorly"])(
    'books today’s sick leave for "%s" (it asked whether to start a break)',
    (text) => {
      expect(alice().say(text)).toMatchObject({
        type: 'tool_calls',
        calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-23', policy: 'Sick leave' } }],
      });
    },
  );

  it.each(['my son is not feeling well', "my daughter isn't well, I need tomorrow off"])(
    'asks which leave when someone else is not well: "%s" (it booked the user’s own leave)',
    (text) => {
      expect(alice().say(text)).toMatchObject({ type: 'question', text: /^Which leave should it be/ });
    },
  );
});
