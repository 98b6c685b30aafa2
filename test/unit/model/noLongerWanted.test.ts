import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: Friday is the 27th.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('leave given up without a cancel verb is cancelled, never booked', () => {
  it.each([
    ["I don't need friday off anymore", { from: '2026-11-27', to: '2026-11-27' }],
    ['I no longer need the 4th off', { from: '2026-12-04', to: '2026-12-04' }],
    ["I won't need friday off after all", { from: '2026-11-27', to: '2026-11-27' }],
    ["I'm not taking friday off after all", { from: '2026-11-27', to: '2026-11-27' }],
    ["plans changed, I won't be off on friday", { from: '2026-11-27', to: '2026-11-27' }],
    ['friday off is no longer needed', { from: '2026-11-27', to: '2026-11-27' }],
    ['scrap my friday off', { from: '2026-11-27', to: '2026-11-27' }],
    ["don't need my leave next week any more", { from: '2026-11-30', to: '2026-12-06' }],
  ])('finds the requests "%s" gives up, to cancel', (text, args) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_leave_requests', arguments: args }],
    });
  });

  it.each([
    ["I don't need a reason, just book friday off", '2026-11-27'],
    ["I don't need the whole week off, just monday", '2026-11-30'],
  ])('still books what "%s" asks for', (text, day) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: day } }],
    });
  });
});
