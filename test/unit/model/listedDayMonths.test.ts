import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('day-month dates listed with commas are each booked', () => {
  it.each(['book 4 Dec, 7 Dec off', 'book 4 december, 7 december off'])('"%s" books the 4th and the 7th', (text) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [
        { tool: 'create_leave_request', arguments: { start_date: '2026-12-04' } },
        { tool: 'create_leave_request', arguments: { start_date: '2026-12-07' } },
      ],
    });
  });

  it('a year after the comma is still the year', () => {
    expect(alice().say('book friday 4 december, 2026 off')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-04' } }],
    });
  });
});
