import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: Friday is the 27th, Monday the 30th.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('a day named for something else beside the booking is not booked', () => {
  it.each([
    'book friday off, I have a meeting on monday',
    "book friday off, I won't need monday after all",
    "book leave friday, I'm finishing early thursday",
    "book friday off, I'm working from home monday",
    'I have a meeting on monday, can I take friday off?',
    'book friday off, my dentist is on tuesday',
    'book friday off, bob is off on monday',
    'book friday off since I worked on saturday',
    'off friday, my flight is on thursday evening',
    'book friday off, not monday',
    'book friday off, the kids are off school monday',
    'friday off please - monday is a bank holiday anyway',
    'book friday off, I already have monday off',
    'book friday off, I took monday off already',
    'I need friday off to make up for working on sunday',
    'toil for working saturday, take friday off',
    'book friday off in lieu of working on saturday',
  ])('books Friday alone for "%s"', (text) => {
    expect(alice().say(text)).toEqual(
      expect.objectContaining({
        type: 'tool_calls',
        calls: [expect.objectContaining({ tool: 'create_leave_request', arguments: { start_date: '2026-11-27' } })],
      }),
    );
  });

  it.each(['book friday and monday off', 'book friday off, and monday', "I'm off friday, and monday"])(
    'still books both days "%s" names for leave',
    (text) => {
      expect(alice().say(text)).toMatchObject({
        type: 'tool_calls',
        calls: [
          { tool: 'create_leave_request', arguments: { start_date: '2026-11-27' } },
          { tool: 'create_leave_request', arguments: { start_date: '2026-11-30' } },
        ],
      });
    },
  );
});
