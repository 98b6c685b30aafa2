import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: last Friday is the 20th, last Tuesday the 17th.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('a day off denied in the past tense is a past day, never booked', () => {
  it.each([
    ["I didn't take friday off", '2026-11-20'],
    ["I wasn't off on friday", '2026-11-20'],
    ["I wasn't sick on tuesday", '2026-11-17'],
    ["I wasn't off sick on friday", '2026-11-20'],
    ['I never took friday off', '2026-11-20'],
    ['I ended up not taking friday off', '2026-11-20'],
  ])('lists the requests of the day "%s" denies', (text, day) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_leave_requests', arguments: { from: day, to: day } }],
    });
  });

  it('still reads a day given up ahead as the coming one', () => {
    expect(alice().say("I won't be off on friday")).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_leave_requests', arguments: { from: '2026-11-27', to: '2026-11-27' } }],
    });
  });
});

describe('a day not worked, said in the past tense, is booked on the day gone', () => {
  it('books last Friday for "I didn\'t come in on friday, please book it"', () => {
    expect(alice().say("I didn't come in on friday, please book it")).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-20' } }],
    });
  });
});
