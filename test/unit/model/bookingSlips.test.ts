import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';
import type { ModelStep } from '../../../model/types';

function say(text: string, today = '2026-11-23'): ModelStep {
  return new Conversation(registryTools(AGENT_OPERATIONS), { name: 'Alice Anders', role: 'EMPLOYEE' }, today).say(text);
}

describe('slips and gaps in a booking are asked about, never booked', () => {
  it.each([
    ['leave from 11 to 7 December', 'a range written backwards'],
    ['leave from Monday 3rd to Wednesday 5th', 'weekdays and days that first meet months away'],
    ['sick leave', 'a leave type with no day'],
    ['off from 3pm friday', 'a time of day: whole or half?'],
    ['either Monday or Tuesday off', 'two days offered as a choice'],
    ['leave tomorrow or the day after', 'a day or the next'],
    ['off from noon on friday', 'a time of day said in words'],
    ['leave after lunch tomorrow', 'a time of day said by a meal'],
    ['take a long lunch friday', 'an hour or two, not a day'],
  ])('asks about "%s" (%s)', (text) => {
    expect(say(text)).toMatchObject({ type: 'question' });
  });

  it('offers both days of "next Friday or the one after"', () => {
    expect(say('book next friday or the one after')).toMatchObject({
      type: 'question',
      choices: ['Fri 4 Dec 2026', 'Fri 11 Dec 2026'],
    });
  });

  it('books both days of "2/3 March", days listed with a slash', () => {
    expect(say('book 2/3 march')).toMatchObject({
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2027-03-02', end_date: '2027-03-03' } }],
    });
  });

  it('books the day picked from a choice', () => {
    const chat = new Conversation(registryTools(AGENT_OPERATIONS), { name: 'Alice Anders', role: 'EMPLOYEE' });
    expect(chat.say('either Monday or Tuesday off')).toMatchObject({
      type: 'question',
      choices: ['Mon 30 Nov 2026', 'Tue 1 Dec 2026'],
    });
    expect(chat.say('Tue 1 Dec 2026')).toMatchObject({
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-01' } }],
    });
  });

  it('books the half day once the time of day is answered', () => {
    const chat = new Conversation(registryTools(AGENT_OPERATIONS), { name: 'Alice Anders', role: 'EMPLOYEE' });
    chat.say('off from 3pm friday');
    expect(chat.say('half a day')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-27', half_day: true } }],
    });
  });

  it('takes "0.5 days" for a half day, and "sick" alone for today', () => {
    expect(say('book 0.5 days on the 14th of December')).toMatchObject({
      calls: [{ arguments: { start_date: '2026-12-14', half_day: true } }],
    });
    expect(say('sick tody')).toMatchObject({
      calls: [{ arguments: { start_date: '2026-11-23', policy: 'Sick leave' } }],
    });
  });

  it("reads a list's days without a year as the nearest ones, gone or to come", () => {
    expect(say('list my leave between 1 March and 30 April', '2027-06-16')).toMatchObject({
      calls: [{ tool: 'list_leave_requests', arguments: { from: '2027-03-01', to: '2027-04-30' } }],
    });
    expect(say('my leave in march', '2027-06-16')).toMatchObject({
      calls: [{ arguments: { from: '2027-03-01', to: '2027-03-31' } }],
    });
  });
});
