import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: the 9th is Wednesday 9 December.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('a range of ordinals without "the" at one end', () => {
  it.each(['the 9th-11th off', 'the 9th to 11th', '9th-11th off', 'off 9th to the 11th'])(
    'books "%s" as the 9th to the 11th, not the 9th alone',
    (text) => {
      expect(alice().say(text)).toMatchObject({
        type: 'tool_calls',
        calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-09', end_date: '2026-12-11' } }],
      });
    },
  );

  it('still reads the month said after the range', () => {
    expect(alice().say('off 9th-11th jan')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2027-01-09', end_date: '2027-01-11' } }],
    });
  });
});
