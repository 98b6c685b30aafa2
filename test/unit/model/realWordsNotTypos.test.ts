import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';
import { normalise } from '../../../model/builtin/keywords';

/**
 * Everyday words one edit from a keyword are no typos of it (keywords.ts): "in mourning" booked a morning off,
 * "cancer treatment" looked up leave to cancel. Today is Monday 23 November 2026.
 */
const say = (text: string) =>
  new Conversation(registryTools(AGENT_OPERATIONS), { name: 'Alice Anders', role: 'EMPLOYEE' }).say(text);

describe('real words that are no typos', () => {
  it.each(['mourning', 'cancer', 'police', 'bread', 'spending', 'looked', 'improved', 'resort'])(
    'keeps "%s" as written',
    (word) => {
      expect(normalise(`the ${word} of it`)).toBe(`the ${word} of it`);
    },
  );

  it('books a whole day for "a day off for mourning tomorrow", with its reason', () => {
    expect(say('take a day off for mourning tomorrow')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-24', reason: 'mourning' } }],
    });
  });

  it('books "Friday off for cancer treatment" rather than looking for leave to cancel', () => {
    expect(say('friday off for cancer treatment')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-27', reason: 'cancer treatment' } }],
    });
  });
});
