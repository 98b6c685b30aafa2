import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: 10 April 2026 is long gone, the week of 20 November under way.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('a booking of a day written with its year that has gone by', () => {
  it.each([
    'book 10/04/2026 off',
    'book 10 April 2026 off',
    'book 2026-04-10 off',
    'I need 10/04/2026 off',
    'book Friday 10 April 2026 off',
    'sick leave on 10/04/2026',
  ])('asks about "%s" rather than booking a past day', (text) => {
    expect(alice().say(text)).toMatchObject({ type: 'question', text: /^Fri 10 Apr 2026 is in the past\./ });
  });

  it('asks about a past range', () => {
    expect(alice().say('book 10/04/2026 to 14/04/2026 off')).toMatchObject({
      type: 'question',
      text: /^Fri 10 Apr – Tue 14 Apr 2026 is in the past\./,
    });
  });

  it('names only the gone days of a list', () => {
    expect(alice().say('book 10/04/2026 and 10/12/2026 off')).toMatchObject({
      type: 'question',
      text: /^Fri 10 Apr 2026 is in the past\./,
    });
  });

  it('still says a gone weekend was a weekend', () => {
    expect(alice().say('book 4/10/2026 off')).toMatchObject({
      type: 'question',
      text: /^Sun 4 Oct 2026 is in the past \(it was a weekend day\)/,
    });
  });

  it('offers the rest of a range under way, and books it when chosen', () => {
    const chat = alice();
    const question = chat.say('book 20/11/2026 to 27/11/2026 off');
    expect(question).toMatchObject({ type: 'question', choices: ['Mon 23 Nov to Fri 27 Nov 2026'] });
    expect(chat.say('Mon 23 Nov to Fri 27 Nov 2026')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-23', end_date: '2026-11-27' } }],
    });
  });

  it.each([
    ['I was sick on 10/04/2026, please book it', 'Sick leave'],
    ['I was off on 10 April 2026', undefined],
  ])('books "%s": said in the past tense, the day is meant gone', (text, policy) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [
        {
          tool: 'create_leave_request',
          arguments: { start_date: '2026-04-10', ...(policy ? { policy } : {}) },
        },
      ],
    });
  });

  it('still reads a past day', () => {
    expect(alice().say('show my leave on 10/04/2026')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_leave_requests', arguments: { from: '2026-04-10', to: '2026-04-10' } }],
    });
  });

  it('books a day to come written with its year', () => {
    expect(alice().say('book 10/12/2026 off')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-10' } }],
    });
  });
});
