import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: Friday is the 27th.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('half of a day', () => {
  it.each([
    ['book half of friday off', '2026-11-27'],
    ['book the first half of friday', '2026-11-27'],
    ['take half of tomorrow off', '2026-11-24'],
    ['book half of the 4th of december off', '2026-12-04'],
  ])('books "%s" as a half day (not the whole day)', (text, day) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: day, half_day: true } }],
    });
  });

  it('still reads "the second half of December" as part of a month', () => {
    expect(alice().say('book the second half of december off')).toMatchObject({ type: 'question' });
  });
});
