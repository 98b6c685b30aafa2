import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Wednesday 25 November 2026: "Monday" to come is the 30th, the one gone the 23rd.
const alice = () =>
  new Conversation(registryTools(AGENT_OPERATIONS), { name: 'Alice Anders', role: 'EMPLOYEE' }, '2026-11-25');

describe('an absence told in the past tense', () => {
  it.each([
    ['I was off on Monday, please book it', '2026-11-23'],
    ['I took Friday off, can you record it', '2026-11-20'],
    ['I had Tuesday off', '2026-11-24'],
  ])('books "%s" on the day gone, with no request to the assistant for its reason', (text, day) => {
    const step = alice().say(text);
    expect(step).toMatchObject({ type: 'tool_calls', calls: [{ arguments: { start_date: day } }] });
    expect(step.type === 'tool_calls' && step.calls[0]!.arguments).not.toHaveProperty('reason');
  });

  it('still books a day to come when nothing says it is gone', () => {
    expect(alice().say('book Monday off')).toMatchObject({
      type: 'tool_calls',
      calls: [{ arguments: { start_date: '2026-11-30' } }],
    });
  });
});

describe('"can I still take …" without a day', () => {
  it('reads the balance for "can I still take 5 days this year", and books a named day', () => {
    expect(alice().say('can I still take 5 days this year')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'get_leave_balances', arguments: { year: 2026 } }],
    });
    expect(alice().say('can I still take Friday off?')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-27' } }],
    });
  });
});
