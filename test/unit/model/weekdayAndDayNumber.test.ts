import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: the next 4th, Friday 4 December; the next 14th, Monday 14 December.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('a weekday written with a day of the month', () => {
  it('asks when the next such day is not that weekday (never books a matching one months away)', () => {
    expect(alice().say('book off thursday the 4th')).toMatchObject({
      type: 'question',
      text: /^Fri 4 Dec 2026 is not a Thursday\./,
    });
  });

  it.each([
    ['book monday the 14th off', '2026-12-14'],
    ['book friday the 27th off', '2026-11-27'],
  ])('books "%s" when the next such day is that weekday', (text, day) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: day } }],
    });
  });
});
