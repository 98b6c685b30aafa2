import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: next week runs from Monday 30 November.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('days written with a hyphen ("Tue-Thu") are no person', () => {
  it.each([
    ['off next Tue-Thu', { start_date: '2026-12-01', end_date: '2026-12-03' }],
    ['off Tue-Thu next week', { start_date: '2026-12-01', end_date: '2026-12-03' }],
    ['next Mon-Wed off', { start_date: '2026-11-30', end_date: '2026-12-02' }],
  ])('books "%s" for the user, not a look-up of someone named so', (text, args) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: args }],
    });
  });

  it('still reads a double-barrelled name as a person whose leave is seen, not booked', () => {
    expect(alice().say('is Jean-Luc off next Tue-Thu?')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_leave_requests', arguments: { from: '2026-12-01', to: '2026-12-03' } }],
    });
  });
});
