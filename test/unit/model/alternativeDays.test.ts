import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: Friday is the 27th, Monday the 30th.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('two days offered as alternatives are asked about, never both booked', () => {
  it.each([
    'book friday off or maybe monday',
    'book friday off unless monday is better',
    'book friday off, if not then monday',
    'can I take friday off? what about monday?',
  ])('"%s" asks which day', (text) => {
    expect(alice().say(text)).toMatchObject({
      type: 'question',
      text: expect.stringContaining('Do you mean Fri 27 Nov 2026 or Mon 30 Nov 2026?'),
    });
  });

  it('still books both days of "book friday and monday off"', () => {
    expect(alice().say('book friday and monday off')).toMatchObject({
      type: 'tool_calls',
      calls: [
        { tool: 'create_leave_request', arguments: { start_date: '2026-11-27' } },
        { tool: 'create_leave_request', arguments: { start_date: '2026-11-30' } },
      ],
    });
  });
});
